# With colour forced, bold marks the heading and the inline code.
explain --color always GL0307
