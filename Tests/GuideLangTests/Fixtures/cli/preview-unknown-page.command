# A page of a guide without pages.
preview ../preview/lint-error.guide --page tips.intro --device iphone-se-3 -o out.svg
