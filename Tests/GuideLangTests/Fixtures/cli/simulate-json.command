# 'simulate --format json': one JSON line per thing seen or received, events as the app gets them.
simulate ../../../../Examples/003-page-walkthrough.guide --scenario ../simulate/003-page-walkthrough.json --format json
