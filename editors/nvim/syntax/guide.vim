" A small syntax file for .guide files (docs/language.md, section 2); the language server's
" semantic tokens refine it where the client supports them.
if exists("b:current_syntax") | finish | endif

" There are no reserved words (docs/language.md section 2.3): a block keyword is one only where
" it starts a block header, `KEYWORD [NAME] [on SCREEN] {` on one line or the header alone on its
" line (its `{` on a later one), and `on` only between a tour's name and its screen. The name
" after a keyword is taken as its name (`target guide {`), so it is never a keyword itself.
let s:name = '\%(\h[A-Za-z0-9_]*\%(-[A-Za-z0-9_]\+\)*\|"\%([^"\\]\|\\.\)*"\)'
let s:keywords = '\<\%(guide\|pages\|page\|buttons\|screen\|target\|tour\|step\|action\|style\|strings\|locale\|parameter\|settings\|group\)\>'
let s:tail = '\%(\s\+' . s:name . '-\=\)\=\%(\s\+on\s\+' . s:name . '\)\='
execute 'syntax match guideDeclaration "' . escape(s:keywords . '\ze' . s:tail . '\s*{', '"') . '" nextgroup=guideDeclarationName skipwhite'
execute 'syntax match guideDeclaration "' . escape('\%(^\s*\)\@<=' . s:keywords . '\ze' . s:tail . '\s*\%(//.*\|/\*.*\)\=$', '"') . '" nextgroup=guideDeclarationName skipwhite'
" `tour on home {`: `on` is the word before the screen, not the tour's name.
execute 'syntax match guideDeclarationName contained "' . escape('\%(on\s\+\h\S*\s*\%({\|$\)\)\@!' . s:name, '"') . '" nextgroup=guideOnWord skipwhite'
syntax match guideOnWord contained "\<on\>\ze\s\+\h"
syntax keyword guideImport import
syntax keyword guideOperatorWord and or not
syntax keyword guideBoolean true false none
syntax match guideProperty "\<[A-Za-z_][A-Za-z0-9_]*\(-[A-Za-z0-9_]\+\)*\ze\s*:"
syntax match guideCall "\<[A-Za-z_][A-Za-z0-9_]*\(-[A-Za-z0-9_]\+\)*\ze("
" A number starts where no name character stands before it (`-` is one, as in `center-x`).
syntax match guideNumber "\k\@<!-\?\d\+\(\.\d\+\)\?\(%\|[A-Za-z_]\+\)\?"
syntax match guideColor "#\x\{8}\>\|#\x\{6}\>\|#\x\{3}\>"
syntax match guideOperator ">=\|<=\|==\|!=\|[<>@+]"
syntax match guideEscape contained "\\\([ntr0\"\\*_`\[\]()]\|u{\x\{1,8}}\)"
syntax region guideString start=+"+ skip=+\\\\\|\\"+ end=+"\|$+ contains=guideEscape oneline
syntax region guideMultilineString start=+"""+ end=+^\s*"""+ contains=guideEscape
" `"""text"""` on one line is one string, as the lexer reads it (GL0002), not the start of a
" multi-line one that would paint the rest of the file; defined last, so it wins where both start.
syntax region guideMultilineString start=+"""\%(.*"""\)\@=+ end=+"""+ contains=guideEscape oneline
syntax match guideLineComment "//.*$" contains=@Spell
syntax region guideBlockComment start="/\*" end="\*/" contains=guideBlockComment,@Spell
" Multi-line strings and nested comments may start anywhere above: read from the top, or a
" screen that starts inside one shows its text as code (and indenting would change it).
syntax sync fromstart

highlight default link guideDeclaration Keyword
highlight default link guideOnWord Keyword
highlight default link guideImport Include
highlight default link guideOperatorWord Operator
highlight default link guideBoolean Constant
highlight default link guideProperty Identifier
highlight default link guideCall Function
highlight default link guideNumber Number
highlight default link guideColor Constant
highlight default link guideOperator Operator
highlight default link guideEscape SpecialChar
highlight default link guideString String
highlight default link guideMultilineString String
highlight default link guideLineComment Comment
highlight default link guideBlockComment Comment

let b:current_syntax = "guide"
