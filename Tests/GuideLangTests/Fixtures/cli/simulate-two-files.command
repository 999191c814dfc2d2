# 'simulate' plays one program: two files are a usage error.
simulate clean.guide clean.guide --scenario ../simulate/003-page-walkthrough.json
