# '-o' is build's and preview's: check says so, rather than suggesting '-h' as the closest of its own.
check clean.guide -o out.json
