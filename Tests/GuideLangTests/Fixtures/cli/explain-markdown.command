# The same explanation as the Markdown of docs/diagnostics.md.
explain --format markdown GL0307
