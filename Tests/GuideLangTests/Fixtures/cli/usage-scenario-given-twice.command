# And for simulate's '--scenario'.
simulate clean.guide --scenario ../simulate/003-page-walkthrough.json --scenario other.json
