extension DiagnosticExplanation {
    /// Every explanation, in code order.
    static let catalog: [DiagnosticExplanation] = [
        DiagnosticExplanation(
            code: .invalidUTF8,
            title: "file is not valid UTF-8",
            explanation: """
                guidec reads every `.guide` file as UTF-8 and found a byte that is not part of a valid UTF-8 \
                sequence, such as the single byte 0xE9 that Latin-1 and Windows-1252 editors write for "é", a stray \
                0xFF, a truncated multi-byte sequence, an overlong form or an encoded surrogate. Text in another \
                encoding would reach the app as garbled characters, so guidec stops and names the byte and its \
                offset. Re-save the file as UTF-8 (most editors have a "Save with Encoding" or "Reopen with \
                Encoding" command) or retype the character. The example cannot be shown as bytes here: imagine its \
                first comment saved as Latin-1, so that "é" is the lone byte 0xE9.
                """,
            example: #"""
                // Onboarding for Café Walletoy.
                // Saved as Latin-1, the "é" above is the single byte 0xE9, which is not UTF-8.
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                // Onboarding for Café Walletoy.
                // Saved as UTF-8, the "é" above is the two bytes 0xC3 0xA9.
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            isExampleRunnable: false),
        DiagnosticExplanation(
            code: .unterminatedString,
            title: "string is never closed",
            explanation: """
                A string starts with `"` and must end with `"` on the same line; this one reaches the end of the \
                line first. Without its closing quote guidec cannot tell where the text stops, so nothing after it \
                on the line is read as you meant. Add the closing `"`, or, for text over several lines, use a \
                multi-line string that opens with `\"""` at the end of a line and closes with `\"""` on a line of \
                its own. The same code is reported for a multi-line string that is never closed, or whose text \
                starts on the line of its opening `\"""`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unexpectedCharacter,
            title: "character that starts no token",
            explanation: """
                The file contains a character that cannot begin anything in the language: not a name, number, \
                string, colour, bracket or punctuation mark. Often it is text that belongs inside a string, such as \
                an emoji or accented word written after the closing quote, or typographic quotes (“ ”) pasted from a \
                word processor. guidec skips the character, so the value around it may not be what you meant. Move \
                the text inside the string's quotes, or replace curly quotes with straight ones (`"`).
                """,
            example: #"""
                guide welcome {
                  title: "Welcome" 👋
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome 👋"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .invalidColor,
            title: "malformed colour",
            explanation: """
                A colour starts with `#` and must be followed by exactly 3, 6 or 8 hex digits (`0`-`9`, `A`-`F`): \
                `#RGB`, `#RRGGBB` or `#RRGGBBAA`, where `AA` is the opacity. This one has a different number of \
                digits, or a character that is not a hex digit, so guidec cannot tell which colour you meant and \
                will not guess. Usually a digit was dropped or doubled while copying from a design tool; copy the \
                full value again. For transparency, prefer the eight-digit form or an overlay's `@ 80%`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: #D2BA6 }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: #D2BA64 }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .invalidEscape,
            title: "unknown escape in a string",
            explanation: """
                A backslash in a string starts an escape, and guidec knows only `\\n` (line break), `\\t`, `\\r`, \
                `\\0`, `\\"`, `\\\\` and `\\u{...}` (a Unicode scalar in one to eight hex digits, such as \
                `\\u{1F44B}`). This string has a backslash followed by something else, a `\\u{...}` that names no \
                character, or a backslash at the end of a line. Guessing would silently change the text the app \
                shows, so guidec reports it instead. Write `\\\\` for a literal backslash, or use `/` in image and \
                file names, which never need a backslash.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  image: "onboarding\hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  image: "onboarding/hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unterminatedComment,
            title: "block comment is never closed",
            explanation: """
                A block comment opened with `/*` runs to its matching `*/`, and this one reaches the end of the file \
                first. Block comments nest: every `/*` inside a comment needs its own `*/`, so commenting out text \
                that already contains a comment takes two closing `*/`. Everything after the opening `/*` is \
                ignored, so declarations you expect to be compiled may be silently missing. Add the missing `*/` \
                where the comment should end.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }

                /* Not ready yet:
                page later { title: "Later" }  /* needs artwork */
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }

                /* Not ready yet:
                page later { title: "Later" }  /* needs artwork */
                */
                """#),
        DiagnosticExplanation(
            code: .multilineIndentation,
            title: "multi-line string line indented too little",
            explanation: """
                In a multi-line string the indentation of the closing `\"""` is removed from every line, so every \
                line of text must start with at least that indentation, written with the same spaces or tabs. This \
                line starts further left (or mixes tabs and spaces differently), so guidec cannot tell how much of \
                its leading space belongs to the text. Indent the line at least as far as the closing `\"""`, or \
                move the closing `\"""` further left. Blank lines need no indentation.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      title: "Hello"
                      body: """
                        Pay your friends
                      in seconds.
                        """
                    }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      title: "Hello"
                      body: """
                        Pay your friends
                        in seconds.
                        """
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .limitExceeded,
            title: "input deeper or larger than guidec accepts",
            explanation: """
                guidec bounds what one run accepts, so that no input can exhaust it: a file may be at most 64 MiB, a \
                string 1 MiB between its quotes, a name, number or colour 1,024 bytes; a compilation at most 2,000,000 \
                blocks; imports may be nested at most 64 files deep. A file's first 1,000 syntax problems and first \
                1,000 other problems are reported, and a run's first 10,000 problems in all; the rest are counted in one \
                summary (`too many problems in this file; N more not reported`, or `in this run`) that is as serious as \
                the worst problem it stands for. In an import chain where each file imports the next, the \
                import that reaches the depth limit is reported and the imports of the file it names are not \
                followed, so the declarations further down the chain are missing. These limits usually mean \
                generated input gone wrong: flatten the imports so that a file imports what it needs directly, or \
                split the file. In the example, `chain/01.guide` starts a chain of 70 files that each import the \
                next.
                """,
            example: #"""
                // chain/01.guide imports chain/02.guide, which imports chain/03.guide,
                // and so on down to chain/70.guide: more than 64 files deep.
                import "chain/01.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                // Import the files you need directly instead of through a long chain.
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            isExampleRunnable: false),
        DiagnosticExplanation(
            code: .expectedMember,
            title: "expected a property or a block",
            explanation: """
                Inside a block, and at the top level, guidec expects either a property (`name: value`) or a nested \
                block (`keyword name { ... }`), and found something that starts neither: a stray string, number or \
                colour, a name followed by `(`, or a block keyword without its `{`. guidec skips the rest of the \
                line, so whatever you meant there is lost. Write the property with a colon, as in `title: "Hello"`, \
                or give the block its braces.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      image: "hello"
                      title("Hello")
                    }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      image: "hello"
                      title: "Hello"
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .expectedValue,
            title: "property without a value",
            explanation: """
                A property's colon must be followed by its value on the same line, and here nothing follows: the \
                line ends, or a `}`, `;` or `,` comes next. The property is ignored, so the app would use a default \
                you did not choose. Write the value after the colon, on the same line, or remove the property. The \
                same code is reported for `import` without a file path and for a list or argument with an empty \
                entry, as in `after: intro,`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: #D2BA64 }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unclosedBlock,
            title: "block is never closed",
            explanation: """
                This block's `{` has no matching `}`: the file ends first, or a block that cannot be inside it \
                starts (such as a `tour` inside a `step`), which shows the `}` is missing before that point. Members \
                after the missing brace may end up in the wrong block. Add the `}` where the block should end; the \
                diagnostic points at the `{` that is left open, and often the real mistake is a `}` missing on an \
                inner block, as in the example.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }

                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unexpectedClosing,
            title: "closing brace with nothing to close",
            explanation: """
                The file has a `}` at the top level, where no block is open. This usually means a block was closed \
                twice, or an extra brace was left behind when moving code around. guidec ignores the brace, but the \
                blocks around it may not be nested the way you think. Remove the extra `}`, and check that each \
                block's braces pair up.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .equalsInsteadOfColon,
            title: "'=' instead of ':'",
            explanation: """
                Properties are written `name: value`, with a colon, and this one uses `=`. guidec reads it as if you \
                had written the colon, but reports it so that every file uses one notation. Replace `=` with `:`.
                """,
            example: #"""
                guide welcome {
                  title = "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .expectedColon,
            title: "property name without a colon",
            explanation: """
                A name is followed by a value on the same line without the `:` between them, so guidec cannot be \
                sure whether you meant a property or a block. It reads the line as a property, but reports the \
                missing colon so the file stays unambiguous. Insert `:` after the property name.
                """,
            example: #"""
                guide welcome {
                  title "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unclosedParenthesis,
            title: "parenthesis is never closed",
            explanation: """
                A call such as `once(...)`, `rect(...)` or `key(...)` opened a `(` that is never closed before the \
                next property, the end of the block or the end of the file. guidec ends the call where the arguments \
                stop, but anything you meant to pass after that point is missing, and when the next line is a block \
                the recovery can report more errors there. Add the `)` after the last argument.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  show: once(key: "welcome.intro", version: 2
                  delay: 1s
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  show: once(key: "welcome.intro", version: 2)
                  delay: 1s
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .nestingTooDeep,
            title: "nesting too deep",
            explanation: """
                Blocks or calls are nested more than 64 levels deep. guidec stops at that depth, so that no input, \
                however large, can exhaust its stack, and skips what is inside. No guide needs that much nesting \
                (the language's own blocks nest at most three deep, as in `guide`, `pages`, `page`), so the file is \
                almost certainly generated by a faulty script or damaged. Because the skipped part is also invalid, \
                another error is reported next to this one. Fix whatever produced the file.
                """,
            example: #"""
                // Generated by a script gone wrong: 65 calls inside each other.
                guide welcome {
                  title: key(key(key(key(key(key(key(key(key(key(key(key(key(
                    key(key(key(key(key(key(key(key(key(key(key(key(key(
                    key(key(key(key(key(key(key(key(key(key(key(key(key(
                    key(key(key(key(key(key(key(key(key(key(key(key(key(
                    key(key(key(key(key(key(key(key(key(key(key(key(key("welcome.title"
                    )))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unexpectedToken,
            title: "token that cannot continue a value",
            explanation: """
                A property's value is followed, on the same line, by a token that cannot continue it: a `)` or `]` \
                with nothing to close, a `{` after a property (blocks are written without `:`), or punctuation such \
                as `=` inside a value. guidec skips the rest of the line, so anything written after the token is \
                ignored. Remove the stray token, or start the next property on a new line.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  show: once(key: "welcome.intro", version: 2))
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  show: once(key: "welcome.intro", version: 2)
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .duplicateDeclaration,
            title: "name declared twice",
            explanation: """
                Two declarations of the same kind share a name in one scope: two guides, two pages of one `pages` \
                block, two targets of a screen, two steps or tours, two styles or screens, two locales, or a string \
                key defined twice in one locale. References use the name, so the app could not tell which one you \
                mean. Rename one of them, or delete the copy; the same code is reported for a guide with two `pages` \
                blocks and a `pages` block with two `buttons` blocks, which should be merged.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                    page hello { title: "Pay in seconds" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                    page pay { title: "Pay in seconds" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unknownReference,
            title: "name that refers to nothing",
            explanation: """
                A name used as a reference matches no declaration: a target in `highlight` or `in`, a screen after \
                `on`, a style in `style`, a guide or step in `after`, a string key in `key(...)`, or the locale in \
                `default`. A typo is the usual cause, and guidec suggests the closest name it knows. The app cannot \
                show a guide that points at nothing, so fix the spelling or declare what the name refers to. Targets \
                are looked up on the tour's screen only, and steps in their own tour only.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pya  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unknownDeclaration,
            title: "unknown block keyword",
            explanation: """
                The word before `{` is not one of the language's blocks: `guide`, `pages`, `page`, `buttons`, \
                `screen`, `target`, `tour`, `step`, `style`, `strings` and `locale`. guidec ignores the whole block, \
                so nothing inside it reaches the app. Usually the keyword is misspelt; use the suggested keyword. A \
                property is written `name: value`, never with braces.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                    paeg pay { title: "Pay in seconds" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                    page pay { title: "Pay in seconds" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .misplacedDeclaration,
            title: "block in the wrong place",
            explanation: """
                A known block is nested where it cannot appear. A file holds `guide`, `style`, `screen` and \
                `strings` blocks; a `guide` holds `pages`, `screen`, `tour` and `style`; `pages` holds `page` and \
                `buttons`; a `screen` holds `target`; a `tour` holds `step`; and `strings` holds `locale`. guidec \
                ignores the misplaced block and everything in it. Move it into the block it belongs in, as the note \
                says.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                  page pay { title: "Pay in seconds" }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                    page pay { title: "Pay in seconds" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .missingName,
            title: "declaration without a name",
            explanation: """
                This block needs a name and has none. Guides, pages, screens, targets, tours, steps, styles and \
                locales are named so that other blocks can refer to them and so that the app can record, for \
                example, which guide it has shown. Write the name after the keyword, as in `page hello { ... }`; a \
                tour's screen is written after the name, as in `tour basics on home { ... }`. The same code is \
                reported for `on` with no screen name after it.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unexpectedName,
            title: "name where none is taken",
            explanation: """
                `pages`, `buttons` and `strings` blocks take no name, because a guide has at most one of each (and \
                the strings are merged into one table), yet this one has a name; or a block other than `tour` has \
                `on SCREEN`, which only a tour takes. The extra word has no meaning, so guidec reports it rather \
                than silently ignore it. Remove the name, or the `on` part.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages intro {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unknownProperty,
            title: "unknown property",
            explanation: """
                The block has no property by this name: it is misspelt, it belongs to another kind of block (the \
                note says which), or it is written outside any block. The same code is reported for an argument \
                label a call does not take, such as `versoin:` in `once(...)`. guidec ignores the property, so the \
                setting would silently have no effect in the app. Fix the spelling (guidec suggests the closest \
                name), or move the property to the block it belongs to.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  backgroud: #D2BA64 }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: #D2BA64 }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .duplicateProperty,
            title: "property set twice",
            explanation: """
                The same property is set twice in one block. Only one value can apply, and guessing which one you \
                meant would hide a mistake, so guidec keeps the first and reports the second. Remove one of them. \
                The same code is reported for a call argument given twice and for a target listed twice in one \
                step's `highlight`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      title: "Hello"
                      body: "Pay your friends in seconds."
                      title: "Welcome to Walletoy"
                    }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello {
                      title: "Welcome to Walletoy"
                      body: "Pay your friends in seconds."
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .wrongValueKind,
            title: "value of the wrong kind",
            explanation: """
                The value has the wrong shape for the property: a string where a colour, number or name belongs, a \
                name where a string belongs, several values where the property takes one, a label it does not take, \
                or a word missing from a compound value such as `tap anywhere` or `44 x 44`. The message says what \
                was expected. guidec drops the value, so the app would fall back to a default. Write the value in \
                the expected form; for example, colours are written without quotes, and block names too.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: "#D2BA64" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello"  background: #D2BA64 }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .valueOutOfRange,
            title: "number out of range",
            explanation: """
                The number has the right unit but lies outside the range the property allows: a negative duration, \
                length or size, a percentage beyond what an edge or opacity takes, a step `order` or `show` version \
                below 1, or an empty persistence key or event name. Such a value cannot describe anything the app \
                can show, so it is rejected rather than clamped. Use a value inside the range given in the message.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  delay: -2s
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  delay: 2s
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .missingRequired,
            title: "required property or member missing",
            explanation: """
                Something the app needs is missing: a guide's `title`, any pages or tour in a guide, any page in a \
                `pages` block, any step in a tour, a screen for a tour (`on SCREEN`), text or a highlight for a \
                step, something for a page to show, or a required argument such as the radius of `rounded(8)`. \
                Without it the guide cannot be displayed, so guidec stops. Add what the message names; the help line \
                shows the form to write.
                """,
            example: #"""
                guide welcome {
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .invalidUnit,
            title: "unit not allowed",
            explanation: """
                The number has a unit the property does not take, or lacks one it needs. Durations need `s` or `ms` \
                (`500` could mean milliseconds or seconds), lengths are plain points or `pt`, edges and sizes also \
                take `%`, and whole numbers such as `order` take no unit. Units like `px` or `dp` do not exist: \
                lengths are already in points (dp on Android). Write the number with one of the units the note \
                lists.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  delay: 500
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  delay: 500ms
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unknownOption,
            title: "unknown option",
            explanation: """
                The property takes one of a fixed set of words, and this word is not one of them. The note lists the \
                options and guidec suggests the closest one; a typo or a word from another property (such as `top` \
                for `placement`, which takes `above`) is the usual cause. Fonts report this too, for a word that is \
                neither a text style nor a weight. Replace the word with one of the options.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    indicator: dot
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    indicator: dots
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .conflictingProperties,
            title: "properties that conflict",
            explanation: """
                Two properties that cannot be set together are both set. A target's `size` already sets its width \
                and height, so it cannot also have `width` or `height`; and a step that highlights nothing cannot \
                advance by `tap target`, because there is nothing to tap. The app could only obey one of them, so \
                guidec asks you to choose. Remove one of the two properties, as the fix suggests.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { trailing: 16  bottom: 40 safe  size: 44 x 44  width: 60 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { trailing: 16  bottom: 40 safe  size: 60 x 44 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .inapplicableStyleProperty,
            title: "style property that does not apply",
            explanation: """
                A style sets a property that has no meaning where the style is used: for example `shape` or \
                `placement`, which apply to steps, in a style used on a page, or `background`, which applies to \
                pages, in a style used on a tour or step. The property is ignored there, so the guide will not look \
                the way the style suggests. This is a warning, and the guide still builds. Move the property to a \
                style for that kind of block, or remove it.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  style brand {
                    background: #D2BA64
                    shape: circle
                  }

                  pages {
                    page hello { title: "Hello"  style: brand }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  style brand {
                    background: #D2BA64
                  }

                  pages {
                    page hello { title: "Hello"  style: brand }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unknownPlaceholder,
            title: "unknown placeholder in progress text",
            explanation: """
                Progress text such as `progress: "{current} of {total}"` may contain only the placeholders \
                `{current}` (the step's number, from 1) and `{total}` (the number of steps). This text has another \
                name in braces, which the app would show literally, braces and all. Use `{current}` or `{total}`, or \
                remove the braces. Every translation of a progress key is checked.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    progress: "{current} of {count}"
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    progress: "{current} of {total}"
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .underconstrainedAxis,
            title: "target axis with too few constraints",
            explanation: """
                A target's frame is described separately on each axis, with exactly two constraints per axis: two of \
                `leading`, `trailing`, `center-x` and `width` horizontally, and two of `top`, `bottom`, `center-y` \
                and `height` vertically (`size` gives both a width and a height). With fewer than two the position \
                or size on that axis is unknown, so the app could not place the highlight. Add the missing \
                constraint, or give the target an absolute `frame: rect(x, y, width, height)` instead.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .overconstrainedAxis,
            title: "target axis with too many constraints",
            explanation: """
                Each axis of a target's frame takes exactly two constraints, and this one has three or more, such as \
                `leading`, `trailing` and `width` together. On a screen of another size they would contradict each \
                other, and the app could not satisfy them all. Remove constraints until two are left on the axis; \
                keep the ones that describe how the view really moves when the screen grows.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  width: 300  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .mixedFrame,
            title: "absolute frame mixed with constraints",
            explanation: """
                A target has an absolute `frame: rect(x, y, width, height)` and also edge constraints such as \
                `leading` or `bottom`. The two are alternative ways of giving the same frame and cannot be combined, \
                so the app would not know which to believe. Keep either the `frame` or the constraints. Constraints \
                adapt to other screen sizes, so prefer them unless the view really has a fixed position.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { frame: rect(16, 700, 343, 50)  bottom: 40 safe }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { frame: rect(16, 700, 343, 50) }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .notAScrollContainer,
            title: "container that does not scroll",
            explanation: """
                A target's `in` names the scroll view it lives in, so that the app can scroll it into view before \
                highlighting it, but the named target has no `scrolls` property, or is the target itself. Without \
                knowing the scroll axis the app cannot bring the target on screen. Add `scrolls: vertical` (or \
                `horizontal`, `both`) to the container, or name the target that really scrolls.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target feed { leading: 0  trailing: 0  top: 100  bottom: 0 }
                    target offer { leading: 16  trailing: 16  top: 400  height: 120  in: feed }
                  }

                  tour basics on home {
                    step offer { highlight: offer  title: "Today's offer" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target feed { leading: 0  trailing: 0  top: 100  bottom: 0  scrolls: vertical }
                    target offer { leading: 16  trailing: 16  top: 400  height: 120  in: feed }
                  }

                  tour basics on home {
                    step offer { highlight: offer  title: "Today's offer" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .anchorWithoutContainer,
            title: "scroll anchor without a container",
            explanation: """
                A target has a `scroll-anchor`, which says where to stop when scrolling it into view, but no `in` \
                naming the scroll container it lives in. There is nothing to scroll, so the anchor would be ignored. \
                Add `in: CONTAINER`, naming a target on the same screen that has `scrolls:`, or remove \
                `scroll-anchor`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target offer { leading: 16  trailing: 16  top: 400  height: 120  scroll-anchor: center }
                  }

                  tour basics on home {
                    step offer { highlight: offer  title: "Today's offer" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target feed { leading: 0  trailing: 0  top: 100  bottom: 0  scrolls: vertical }
                    target offer { leading: 16  trailing: 16  top: 400  height: 120  in: feed  scroll-anchor: center }
                  }

                  tour basics on home {
                    step offer { highlight: offer  title: "Today's offer" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .orderCycle,
            title: "order that goes round in a cycle",
            explanation: """
                `after` constraints form a cycle: steps that must each come after another, or guides that each wait \
                for another to complete. A cycle has no first member, so those steps could never be ordered and \
                those guides could never show. Remove one `after` from the cycle the message lists; between steps, \
                `order: N` is often the clearer way to say what comes first.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                    target request { leading: 16  trailing: 16  bottom: 100 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend"  after: request }
                    step request { highlight: request  title: "Ask for money"  after: pay }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                    target request { leading: 16  trailing: 16  bottom: 100 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                    step request { highlight: request  title: "Ask for money"  after: pay }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .orderClash,
            title: "two steps with the same order",
            explanation: """
                Two steps of one tour have the same explicit `order`, so the order between them is undefined. guidec \
                does not pick one silently, because the tour would then depend on how the file happens to be \
                written. Give each step its own number, or order one after the other with `after: STEP`.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                    target request { leading: 16  trailing: 16  bottom: 100 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend"  order: 1 }
                    step request { highlight: request  title: "Ask for money"  order: 1 }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                    target request { leading: 16  trailing: 16  bottom: 100 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend"  order: 1 }
                    step request { highlight: request  title: "Ask for money"  order: 2 }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .styleCycle,
            title: "styles that inherit in a cycle",
            explanation: """
                A style that sets `style:` inherits from that style, and here the chain comes back to a style \
                already in it. Properties would be looked up forever, so guidec stops at the style that closes the \
                cycle. Remove `style:` from one of the styles the message lists; usually one of them is meant to be \
                the base that the others build on.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  style brand { style: base  background: #D2BA64 }
                  style base { style: brand  text-color: #212121 }

                  pages {
                    page hello { title: "Hello"  style: brand }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  style brand { style: base  background: #D2BA64 }
                  style base { text-color: #212121 }

                  pages {
                    page hello { title: "Hello"  style: brand }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .importNotFound,
            title: "imported file not found",
            explanation: """
                guidec cannot read the file an `import` names: it does not exist, is a folder, or cannot be read. \
                Import paths are relative to the folder of the file that contains the import, not to the current \
                directory; the note shows the path guidec tried. The declarations in that file are missing, so names \
                it declares are reported as unknown too. Fix the path, or create the file. When the GuideLang \
                library compiles text without a source provider, every import is reported this way.
                """,
            example: #"""
                import "shared/brand.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .importCycle,
            title: "files that import each other",
            explanation: """
                The imports go round in a circle: this file imports a file that, directly or through others, imports \
                this file again. Which file comes first would then be undefined, so guidec does not follow the \
                import and reports the chain. Move what both files need into a third file that both import and that \
                imports neither. In the example, `main.guide` imports `shared.guide`, whose first line is `import \
                "main.guide"`; the diagnostic appears in `shared.guide`.
                """,
            example: #"""
                // This file is main.guide; shared.guide starts with: import "main.guide"
                import "shared.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                // This file is main.guide; shared.guide no longer imports it.
                import "shared.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            isExampleRunnable: false),
        DiagnosticExplanation(
            code: .misplacedImport,
            title: "import after a declaration or inside a block",
            explanation: """
                Imports must come first in a file, before any block, so that a reader sees at once what the file \
                depends on. This one comes after a declaration, or is inside a block; an import inside a block is \
                not read at all, so the names in the imported file stay unknown. Move the import to the top of the \
                file. To run the fixed example, `shared/brand.guide` must exist next to it.
                """,
            example: #"""
                guide welcome {
                  import "shared/brand.guide"
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                import "shared/brand.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            isExampleRunnable: false),
        DiagnosticExplanation(
            code: .importOutsideRoot,
            title: "import outside the import root",
            explanation: """
                guidec reads imports only inside the import root: the folders of the files named on the command \
                line, or the folders given with `--import-root`. This import resolves (after `..` segments and \
                symbolic links) to a file outside it, so a guide cannot pull in files from elsewhere on the \
                machine, which matters when guidec runs unattended in CI or a pre-commit hook on files anyone can \
                edit. Move the imported file into the project, or widen the root with `--import-root`. The example \
                is `app/intro.guide` importing `shared/brand.guide` from a sibling folder of `app`.
                """,
            example: #"""
                import "../shared/brand.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                import "brand.guide"

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            isExampleRunnable: false),
        DiagnosticExplanation(
            code: .missingTranslation,
            title: "translation missing from a locale",
            explanation: """
                A string key is used in the guide, and at least one locale of the strings table does not define it. \
                Users whose language is that locale would see the text of the default locale, or nothing, instead of \
                a translation. Add the key to every locale the message lists. The diagnostic points at the first use \
                of the key and labels where it is defined.
                """,
            example: #"""
                strings {
                  default: en
                  locale en { "welcome.title": "Welcome" }
                  locale de {  }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                strings {
                  default: en
                  locale en { "welcome.title": "Welcome" }
                  locale de { "welcome.title": "Willkommen" }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .invalidDefaultLocale,
            title: "no single default locale",
            explanation: """
                The strings table has more than one locale but no `default:`, or `default:` is set more than once to \
                different locales (for example in two `strings` blocks). The default locale supplies the text where \
                the user's language has no translation, so there must be exactly one. Add `default: LOCALE` to one \
                `strings` block, or remove the extra one. A `default` naming no declared locale is reported as \
                GL0202.
                """,
            example: #"""
                strings {
                  locale en { "welcome.title": "Welcome" }
                  locale de { "welcome.title": "Willkommen" }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                strings {
                  default: en
                  locale en { "welcome.title": "Welcome" }
                  locale de { "welcome.title": "Willkommen" }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .missingStrings,
            title: "text key without a strings table",
            explanation: """
                Text written as `key("...")` is looked up in the strings table, and the program has no `strings` \
                block at all, so the key has no text in any language. Add a `strings` block with at least one \
                `locale` defining the key, or write the text directly in quotes if the guide is not localized.
                """,
            example: #"""
                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                strings {
                  locale en { "welcome.title": "Welcome" }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unusedTarget,
            title: "target never highlighted",
            explanation: """
                A target is declared on a screen that a tour runs on, but no step highlights it and no other target \
                is placed `in` it. It may be left over from an earlier version of the tour, or a step may highlight \
                a different target than you meant. This is a warning: the guide still builds. Highlight the target \
                in a step, or remove it. Targets in imported files are never reported, as imported files are \
                libraries.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                    target request { leading: 16  trailing: 16  bottom: 100 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  screen home {
                    target pay { leading: 16  trailing: 16  bottom: 40 safe  height: 50 }
                  }

                  tour basics on home {
                    step pay { highlight: pay  title: "Pay a friend" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unusedStyle,
            title: "style never used",
            explanation: """
                A style is declared in a file named on the command line, and no page, step, tour or `pages` block \
                uses it with `style:`, directly or through another style. It may be misspelt where it was meant to \
                be used, or left over. This is a warning: the guide still builds. Apply it with `style: NAME`, or \
                remove it. Styles in imported files are never reported, as imported files are libraries.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"

                  style brand { background: #D2BA64 }

                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"

                  style brand { background: #D2BA64 }

                  pages {
                    page hello { title: "Hello"  style: brand }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unusedString,
            title: "string never used",
            explanation: """
                A key is defined in the strings table, and no text in the program uses it with `key("...")`. Unused \
                keys cost translation work for text no user will see. This is a warning: the guide still builds. Use \
                the key, or remove it from every locale. Keys defined in imported files are never reported.
                """,
            example: #"""
                strings {
                  locale en {
                    "welcome.title": "Welcome"
                    "welcome.hello": "Hello"
                  }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                strings {
                  locale en {
                    "welcome.title": "Welcome"
                    "welcome.hello": "Hello"
                  }
                }

                guide welcome {
                  title: key("welcome.title")
                  pages {
                    page hello { title: key("welcome.hello") }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unusedScreen,
            title: "screen without a tour",
            explanation: """
                A screen is declared, but no tour runs on it, so its targets are never highlighted (they are not \
                reported one by one). It may be left over, or a tour may name a different screen than you meant \
                after `on`. This is a warning: the guide still builds. Add `tour NAME on SCREEN { ... }`, or remove \
                the screen.
                """,
            example: #"""
                screen settings {
                  target privacy { leading: 16  trailing: 16  top: 120 safe  height: 44 }
                }

                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page hello { title: "Hello" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .unformatted,
            title: "file not formatted",
            explanation: """
                Reported only by `guidec fmt --check`: the file's layout differs from what `guidec fmt` writes \
                (indentation of two spaces a level, one space after ':' and ',', two between properties on one \
                line, at most one blank line, one-line blocks aligned into columns, one line break at the end). \
                The diagnostic points at the first line that would change and carries the whole edit as its \
                fix-it. Run `guidec fmt -w FILE` to format the file; only whitespace changes, never a token or \
                a line break between tokens.
                """,
            example: #"""
                style spotlight {
                padding: 10
                    shape:circle
                }
                """#,
            fixed: #"""
                style spotlight {
                  padding: 10
                  shape: circle
                }

                """#),
        DiagnosticExplanation(
            code: .targetOffScreen,
            title: "target off the screen",
            explanation: """
                `guidec lint` resolves every highlighted target's frame on each screen it lints, and on at least one \
                this target lies partly or wholly outside the screen. On that device the spotlight cuts its hole \
                where there is nothing to see, or off the edge, and the tip points at a control people cannot find: \
                the tour looks broken. It usually comes from an absolute `frame`, or a large fixed offset, measured \
                on one big phone: `rect(360, 800, 56, 56)`, taken from an iPhone 17 Pro Max (440 × 956 pt), starts \
                below the bottom of an iPhone SE (375 × 667 pt) and of every phone in landscape. Without options, \
                lint uses the iPhone SE (3rd gen), Galaxy S25, iPhone 17 Pro Max and iPad Pro 13" (M5), in portrait \
                and landscape; the step is reported once, with the frame and the screen size on each device where \
                it is off. This is an error. Measure the target from the edges it is nearest to, from the safe area \
                (`trailing: 24 safe  bottom: 24 safe`), or in percentages, so that it follows the screen.
                """,
            example: #"""
                screen home {
                  target compose { frame: rect(360, 800, 56, 56) }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step compose { highlight: compose  title: "Write a note"  body: "Tap here to start a new note." }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step compose { highlight: compose  title: "Write a note"  body: "Tap here to start a new note." }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .targetInUnsafeArea,
            title: "target under the notch, status bar or home indicator",
            explanation: """
                The target is on the screen but reaches outside the safe area on some device: under the status bar, \
                the notch or Dynamic Island, the home indicator, or in landscape the sensor housing at the sides. \
                Apps lay their controls out inside the safe area, so a frame measured from the screen's edge is \
                probably not where the real view is on that device; the cut-out is drawn partly under system UI, \
                where nothing can be tapped. A search bar measured on an iPhone SE, `top: 44` from the top of the \
                screen, clears its 20 pt status bar but straddles the safe area's top edge on an iPhone 17 Pro Max \
                (62 pt) in portrait, and in landscape runs under the 62 pt unsafe edges on both sides. The note \
                names each device, the frame, and the edge it reaches under with that edge's inset. This is a \
                warning. Measure the target's edges from the safe area with `safe`, as in `top: 8 safe`.
                """,
            example: #"""
                screen home {
                  target search { leading: 16  trailing: 16  top: 44  height: 36 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step search { highlight: search  title: "Search"  body: "Find any note by a word in it." }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target search { leading: 16 safe  trailing: 16 safe  top: 8 safe  height: 36 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step search { highlight: search  title: "Search"  body: "Find any note by a word in it." }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .tipDoesNotFit,
            title: "tip fits on no side of its target",
            explanation: """
                `guidec lint` measures each tip from its text (every translation, at the linted text size), wraps it \
                at its `max-width` (300 pt by default), and tries to place it below, above, trailing and leading of \
                the cut-out, `gap` away, inside the safe area less an 8 pt margin; `placement` and `flip` limit the \
                sides tried. On some screen it fits on none of them, so people get a bubble that runs off the \
                screen or under system UI, with its text cut off. Landscape phones are where this happens: an \
                iPhone SE in landscape is only 375 pt tall, and a 240 pt video player 64 pt from the top leaves \
                43 pt below and 36 pt above it for a 94 pt tip. The note lists, for each screen, the tip's size and, \
                for each side tried, the room needed and the room there is. This is an error. Size large targets \
                with the screen (`height: 45% safe`), shorten the text, choose a `placement` with room, or, if the \
                app only runs in portrait, say `orientation: portrait` in the guide so landscape is not linted.
                """,
            example: #"""
                screen player {
                  target video { leading: 16 safe  trailing: 16 safe  top: 64  height: 240 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on player {
                    step video {
                      highlight: video
                      title: "Picture in picture"
                      body: "Swipe the video to a corner to keep watching while you browse."
                    }
                  }
                }
                """#,
            fixed: #"""
                screen player {
                  target video { leading: 16 safe  trailing: 16 safe  top: 64  height: 45% safe }
                }

                guide tips {
                  title: "Tips"
                  tour basics on player {
                    step video {
                      highlight: video
                      title: "Picture in picture"
                      body: "Swipe the video to a corner to keep watching while you browse."
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .tipCoversTarget,
            title: "tip covers its target",
            explanation: """
                The tip fits on the screen, but where it is placed it overlaps the cut-out of a highlighted target, \
                so the very control the step is about is hidden under the bubble (and, with `advance: tap target`, \
                cannot be tapped). It happens when `gap-to: center` measures the gap to the tip's centre and the \
                gap is less than half the tip's height, when `gap-from: target` measures from the target's own \
                frame with a gap smaller than `padding`, or when `placement: center` puts the tip over a target in \
                the middle of the screen. Rounded corners and circles count as drawn, so a tip tucked into a \
                corner is not reported. The note gives, per screen, the tip's rectangle, the side it is on and the \
                cut-out's rectangle. This is an error. Increase `gap`, measure it to the tip's edge (`gap-to: \
                edge`, the default), or choose another `placement`.
                """,
            example: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step compose {
                      highlight: compose
                      placement: above
                      gap: 20
                      gap-to: center
                      title: "Write a note"
                      body: "Tap here to start a new note."
                    }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step compose {
                      highlight: compose
                      placement: above
                      gap: 20
                      title: "Write a note"
                      body: "Tap here to start a new note."
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .highlightsOverlap,
            title: "highlighted cut-outs overlap",
            explanation: """
                A step highlights several targets and, once each is grown by `padding`, their cut-outs overlap. \
                The holes merge into one odd shape with a seam where they meet, and it is no longer clear which \
                control the tip means. Two 44 pt buttons 8 pt apart, with the default 10 pt padding, share a 12 pt \
                strip. The note gives the shared rectangle on each screen. This is a warning. Make `padding` at \
                most half the space between the targets (`padding: 3` here), highlight one target that covers the \
                whole group, or highlight them in separate steps.
                """,
            example: #"""
                screen editor {
                  target undo { trailing: 68 safe  top: 8 safe  size: 44 x 44 }
                  target redo { trailing: 16 safe  top: 8 safe  size: 44 x 44 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on editor {
                    step history { highlight: undo, redo  title: "Undo and redo" }
                  }
                }
                """#,
            fixed: #"""
                screen editor {
                  target undo { trailing: 68 safe  top: 8 safe  size: 44 x 44 }
                  target redo { trailing: 16 safe  top: 8 safe  size: 44 x 44 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on editor {
                    step history { highlight: undo, redo  padding: 3  title: "Undo and redo" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .tooManyLines,
            title: "text needs too many lines",
            explanation: """
                A tip's or page's title or body, wrapped to the width it has on some screen, takes more lines than \
                allowed: 3 for a title and 8 for a body, unless the step, page or a style sets `max-lines` (one \
                limit for both). Apps that truncate cut the text off; apps that do not grow a bubble that covers the \
                screen, and few people read a wall of text in an onboarding. Every translation is measured and the \
                tallest counts, so a long German text, or Chinese or Japanese at a full em per character, is what \
                gets checked; the text size counts too (`guidec lint --text-size ax5` grows 17 pt body text to \
                53 pt). Here the English body takes 4 lines of a 300 pt bubble and the Chinese one 9. The note \
                names the screen, the locale, the number of lines, the font size and the text size. This is a \
                warning. Shorten the text in that locale, split it over two steps, or raise `max-lines` if the \
                length is intended.
                """,
            example: #"""
                strings {
                  default: en
                  locale en {
                    "sync.body": "Your notes sync across all your devices as soon as you are online, so you can start on your phone and finish on your iPad."
                  }
                  locale zh-Hans {
                    "sync.body": "只要您连上网络，您的笔记就会在您所有的设备之间自动同步。您可以在手机上开始写一篇笔记，然后在平板电脑上接着写完，也可以在电脑上继续编辑和整理。所有的修改都会立刻出现在其他设备上，无需手动保存，也不用担心丢失任何内容。即使暂时离线，您的修改也会被保留下来，等到重新连上网络时再自动上传。"
                  }
                }

                screen home {
                  target sync { leading: 16 safe  top: 8 safe  size: 44 x 44 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step sync { highlight: sync  title: "Sync"  body: key("sync.body") }
                  }
                }
                """#,
            fixed: #"""
                strings {
                  default: en
                  locale en {
                    "sync.body": "Your notes sync across all your devices as soon as you are online, so you can start on your phone and finish on your iPad."
                  }
                  locale zh-Hans {
                    "sync.body": "只要连上网络，您的笔记就会在所有设备之间自动同步：在手机上开始写，在平板电脑上写完。"
                  }
                }

                screen home {
                  target sync { leading: 16 safe  top: 8 safe  size: 44 x 44 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step sync { highlight: sync  title: "Sync"  body: key("sync.body") }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .tapTargetTooSmall,
            title: "tap target too small",
            explanation: """
                The step advances with `advance: tap target`, so the tour waits until the highlighted target is \
                tapped, and the target is smaller than a comfortable touch area: 44 × 44 pt on iOS (Apple's Human \
                Interface Guidelines) and 48 × 48 dp on Android (Material Design). People with larger fingers or \
                less steady hands miss it, and the tour seems stuck. A 40 × 40 pt button is reported on every \
                device; a 44 × 44 pt one passes on iPhone and iPad but not on Android. The note gives the target's \
                size and the minimum on each screen. This is a warning. Advance with `tap anywhere` or a button in \
                the tip (`advance: button "Got it"`), or make the real control, and its target, at least 48 × 48.
                """,
            example: #"""
                screen home {
                  target like { trailing: 16 safe  bottom: 16 safe  size: 40 x 40 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step like { highlight: like  advance: tap target  title: "Tap the heart to save this recipe" }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target like { trailing: 16 safe  bottom: 16 safe  size: 40 x 40 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step like { highlight: like  advance: button "Got it"  title: "Tap the heart to save this recipe" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .lowContrast,
            title: "text contrast below WCAG AA",
            explanation: """
                The contrast between a tip's or page's text and what is behind it is below WCAG 2 level AA: 4.5:1 \
                for normal text, 3:1 for large text (at least 18 pt, or 14 pt semibold or bolder, at the size drawn \
                at the linted text size). People with low vision, or anyone reading in sunlight, cannot make it \
                out. Behind the text is the tip's `tip-background` or the page's `background`; with \
                `tip-background: none` the text sits on the overlay, judged over white app content in light mode \
                and black in dark mode. Both modes are checked, with the `dark:` colours where there are any, and \
                each text and mode is reported once. Ratios are shown truncated to two decimals, so a failing 4.499 \
                never reads as 4.5: #777777 on white is 4.48:1 and shows as 4.47:1, just under what the 17 pt \
                regular body needs (the semibold title counts as large and passes). This is a warning. Darken or \
                lighten `text-color` or the background: #767676 is the lightest grey that passes on white \
                (4.54:1).
                """,
            example: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    text-color: #777777
                    tip-background: #FFFFFF
                    step compose { highlight: compose  title: "Write a note"  body: "Tap here to start a new note." }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    text-color: #767676
                    tip-background: #FFFFFF
                    step compose { highlight: compose  title: "Write a note"  body: "Tap here to start a new note." }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .overlayTooTransparent,
            title: "overlay too transparent",
            explanation: """
                The overlay that dims everything but the cut-out is so light that the spotlight does not stand out. \
                guidec composites the overlay over white app content, where a spotlight is hardest to see, and asks \
                for at least 2:1 between the dimmed screen and the undimmed cut-out. `#000000 @ 20%` turns white \
                into #CCCCCC, only 1.6:1: the hole barely shows, and people do not see what the step is about. \
                Black needs about 30% (2.1:1); the default, `#000000 @ 70%`, gives 8.5:1. The note gives the \
                dimmed colour and the ratio. This is a warning, reported once per step. Raise the overlay's \
                opacity, or use a darker colour.
                """,
            example: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    overlay: #000000 @ 20%
                    step compose { highlight: compose  title: "Write a note" }
                  }
                }
                """#,
            fixed: #"""
                screen home {
                  target compose { trailing: 24 safe  bottom: 24 safe  size: 56 x 56 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on home {
                    overlay: #000000 @ 70%
                    step compose { highlight: compose  title: "Write a note" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .scrollTargetWithoutAnchor,
            title: "scroll target without a scroll anchor",
            explanation: """
                The step highlights a target that lives in a scroll container (`in: CONTAINER`), and neither the \
                target nor the step says where to scroll it to. The runtime then scrolls the shortest distance that \
                brings the target into view, so where it ends up, and where its tip goes, depends on how far the \
                person had scrolled already: it may stop at the very edge of the container, half under whatever \
                is next to it, and the layout guidec checked (the shortest scroll from the frame as written) is only \
                one of many. This is a warning, reported once per step and target, whatever the screen. Add \
                `scroll-anchor: leading`, `center` or `trailing` (`top`, `center` or `bottom` in a vertical \
                container) to the target, or to the step for that step only.
                """,
            example: #"""
                screen feed {
                  target stories { leading: 0 safe  trailing: 0 safe  top: 8 safe  height: 100  scrolls: horizontal }
                  target story-9 { in: stories  leading: 900  top: 18 safe  size: 80 x 80 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on feed {
                    step story { highlight: story-9  title: "A friend's story" }
                  }
                }
                """#,
            fixed: #"""
                screen feed {
                  target stories { leading: 0 safe  trailing: 0 safe  top: 8 safe  height: 100  scrolls: horizontal }
                  target story-9 { in: stories  scroll-anchor: leading  leading: 900  top: 18 safe  size: 80 x 80 }
                }

                guide tips {
                  title: "Tips"
                  tour basics on feed {
                    step story { highlight: story-9  title: "A friend's story" }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .pageOverflow,
            title: "page content taller than the page",
            explanation: """
                guidec lays each walkthrough page out as the app is expected to: the content inset 16 pt inside the \
                safe area; the image, if any, a square as wide as the content but at most 40% of the safe height; \
                then the title and the body, 12 pt apart; and a 64 pt row for the page indicator and the buttons at \
                the bottom. On some screen that content is taller than the room, so the app has to scroll, shrink \
                or clip the page, and the buttons may cover the text. Phones in landscape have the least height: \
                343 pt inside the margins on an iPhone SE, 280 pt on a Galaxy S25, where an image, a one-line title \
                and a three-line body already need 319 pt. Larger text sizes (`--text-size`) grow the title and \
                body too. The note gives the content's height and the room on each screen. This is a warning. \
                Shorten the text, use a smaller `title-font` or `body-font`, drop the image, or, if the walkthrough \
                only runs in portrait, say `orientation: portrait` in the guide.
                """,
            example: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page sync {
                      image: "sync"
                      title: "Everywhere"
                      body: "Your notes sync across all your devices as soon as you are online, so you can start a shopping list on your phone on the way home, add to it on your iPad at the kitchen table and tick it off on your watch in the shop."
                    }
                  }
                }
                """#,
            fixed: #"""
                guide welcome {
                  title: "Welcome"
                  pages {
                    page sync {
                      image: "sync"
                      title: "Everywhere"
                      body: "Your notes sync across all your devices."
                    }
                  }
                }
                """#),
        DiagnosticExplanation(
            code: .guideNotLinted,
            title: "guide laid out on no screen",
            explanation: """
                `guidec lint` lays every guide out on the screens it was asked for, less those in an orientation \
                the guide does not support (`orientation:`). When that leaves no screen at all, nothing about the \
                guide's layout was checked, and silence would read as a clean result. Lint it on a screen in an \
                orientation it supports, for example with `--orientation both`, or name its `devices`. The \
                example reports GL1012 when linted with `guidec lint --orientation portrait`.
                """,
            example: #"""
                guide tips {
                  title: "Tips"
                  orientation: landscape
                  screen home { target scan { leading: 16 safe  top: 16 safe  size: 44 x 44 } }
                  tour basics on home {
                    step scan { highlight: scan  title: "Scan a code" }
                  }
                }
                """#,
            fixed: #"""
                guide tips {
                  title: "Tips"
                  orientation: both
                  screen home { target scan { leading: 16 safe  top: 16 safe  size: 44 x 44 } }
                  tour basics on home {
                    step scan { highlight: scan  title: "Scan a code" }
                  }
                }
                """#,
            isExampleRunnable: false),
    ]
}
