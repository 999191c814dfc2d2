# explain's --format is its own option: text or markdown.
explain --format json GL0301
