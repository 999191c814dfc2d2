# --step takes GUIDE.STEP or GUIDE.TOUR.STEP.
preview ../preview/lint-error.guide --step compose --device iphone-se-3 -o out.svg
