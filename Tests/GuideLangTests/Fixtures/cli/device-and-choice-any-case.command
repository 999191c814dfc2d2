# Device ids and the values of choices are taken in any case, as text sizes and codes are.
lint clean.guide --device IPHONE-SE-3 --orientation Portrait --format SHORT --text-size XL --allow gl1007
