# A guide with an error is reported as 'check' reports it, and nothing is played (exit status 1).
simulate ../diagnostics/GL0201-action-declared-twice.guide --scenario ../simulate/003-page-walkthrough.json
