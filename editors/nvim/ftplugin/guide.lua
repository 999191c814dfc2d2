-- Buffer settings for .guide files, and guidec's language server for the buffer.
if vim.b.did_ftplugin then return end
vim.b.did_ftplugin = true
vim.bo.commentstring = "// %s"
vim.bo.comments = "s1:/*,mb:*,ex:*/,://"
vim.bo.shiftwidth = 2
vim.bo.expandtab = true
if vim.g.guidec_lsp ~= false then require("guidec").start(vim.api.nvim_get_current_buf()) end
