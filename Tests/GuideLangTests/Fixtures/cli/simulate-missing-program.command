# A compiled program that cannot be read is reported, and nothing is played (exit status 1).
simulate no-such-program.json --scenario ../simulate/003-page-walkthrough.json
