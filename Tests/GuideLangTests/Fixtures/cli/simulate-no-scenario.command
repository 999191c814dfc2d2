# 'simulate' without --scenario is a usage error (exit status 2).
simulate clean.guide
