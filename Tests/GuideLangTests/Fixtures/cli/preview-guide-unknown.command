# --guide names a guide that checked clean; a misspelt one gets the closest.
preview ../preview/lint-error.guide --guide tip -o out.html
