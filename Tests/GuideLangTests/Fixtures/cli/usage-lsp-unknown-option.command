# lsp reads its options as every command does: a misspelt one gets a did-you-mean.
lsp --stdi
