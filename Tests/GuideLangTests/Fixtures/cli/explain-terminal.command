# An explanation for a terminal: heading underlined, paragraphs wrapped, code indented, no backticks.
explain GL0307
