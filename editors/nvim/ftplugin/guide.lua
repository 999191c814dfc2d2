-- Buffer settings for .guide files, and guidec's language server for the buffer.
if vim.b.did_ftplugin then return end
vim.b.did_ftplugin = true
vim.bo.commentstring = "// %s"
vim.bo.comments = "s1:/*,mb:*,ex:*/,://"
vim.bo.shiftwidth = 2
vim.bo.expandtab = true
-- A name may hold hyphens (`sign-on`, `step-one`): one word, as the lexer reads it, for `*`,
-- `ciw`, `w` and for the syntax's keywords, which then never match inside a name.
vim.bo.iskeyword = "@,48-57,_,-,192-255"
-- Indent after a line that leaves a `{` or `(` open, outdent `}` and `)` (lua/guidec.lua).
vim.bo.indentexpr = "v:lua.require'guidec'.indent()"
vim.bo.indentkeys = "0{,0},0),!^F,o,O,e"
vim.b.undo_ftplugin = "setlocal commentstring< comments< shiftwidth< expandtab< iskeyword< indentexpr< indentkeys<"
if vim.g.guidec_lsp ~= false then require("guidec").start(vim.api.nvim_get_current_buf()) end
