# lsp takes no files: the documents come from the editor.
lsp clean.guide
