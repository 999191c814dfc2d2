# A locale the strings table does not have gets a did-you-mean.
preview ../../../../Examples/intro.guide --locale zh-Hant -o out.html
