" .guide files are the guide filetype (works in Vim and every Neovim).
autocmd BufRead,BufNewFile *.guide setfiletype guide
