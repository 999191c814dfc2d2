# A code listed by its rule name and by its code is listed twice; a misspelt rule name gets the closest.
lint --format short rule-names-twice.guide
