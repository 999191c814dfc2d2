/// Imports: `import "path"` at the top of a file, and the mistakes in writing one that are
/// still read as the import they are.
extension Parser {
    /// Whether the identifier at `index` starts an import: `import` before a string, a new
    /// line or the end.
    func startsImport(at index: Int) -> Bool {
        let next = kind(at: index + 1)
        // What follows first, then the word's bytes: a `String` of every member's first word cost
        // 300 instructions a member.
        guard next == .string || next == .endOfFile || tokens[index + 1].isAtLineStart else { return false }
        return isImportWord(index, inAnyCase: false)
    }

    /// Whether the token at `index` is the word `import`, as written or in any case; its length
    /// first, so that most members' first words are passed over without reading their bytes.
    func isImportWord(_ index: Int, inAnyCase: Bool) -> Bool {
        let token = tokens[index]
        guard token.end - token.start == 6 else { return false }
        let word = source.bytes[token.range]
        return inAnyCase ? word.lazy.map { $0 | 0x20 }.elementsEqual("import".utf8) : word.elementsEqual("import".utf8)
    }

    /// Whether the identifier at `index` starts an import written with a mistake that
    /// `parseImport` reports and reads past: `Import "x"` (another case), `import: "x"` (a
    /// colon) or `import lib/x.guide` (no quotes), so that the path is still imported where it
    /// is written as a string, and the names the file declares are not reported unknown.
    func startsMistakenImport(at index: Int) -> Bool {
        guard kind(at: index) == .identifier, isImportWord(index, inAnyCase: true) else { return false }
        let next = tokens[index + 1]
        guard !next.isAtLineStart, next.kind != .endOfFile else { return false }
        if next.kind == .colon { return kind(at: index + 2) == .string && !tokens[index + 2].isAtLineStart }
        if next.kind == .string { return !isImportWord(index, inAnyCase: false) }
        // A path without quotes: a word, then '/' or '.' (reported by the lexer) on the line.
        return next.kind == .identifier && kind(at: index + 2) == .unknown && !tokens[index + 2].isAtLineStart
    }

    mutating func parseImport() -> Member {
        let keyword = advance()
        var path: Int?
        if !isImportWord(keyword, inAnyCase: false) {
            report(Diagnostic(
                .expectedMember, at: range(keyword), "'\(text(keyword))' is written 'import'",
                notes: ["keywords are written in lower case"],
                fixIts: [.init(range: range(keyword), replacement: "import", message: "write 'import'")]))
        }
        if current.kind == .colon, !current.isAtLineStart {
            report(Diagnostic(
                .expectedValue, at: range(position), "an import takes no ':'",
                notes: ["an import is written 'import \"shared/styles.guide\"'"],
                fixIts: [.init(range: range(position), replacement: "", message: "remove the ':'")]))
            step()
        }
        if current.kind != .string, current.kind != .endOfFile, !current.isAtLineStart {
            // `import lib/x.guide`: the words and characters up to the end of the line, quoted.
            let first = position
            while current.kind != .endOfFile, !current.isAtLineStart { step() }
            let written = range(first).through(range(position - 1))
            let text = String(decoding: source.bytes[written.start..<written.end], as: UTF8.self)
            report(Diagnostic(
                .expectedValue, at: written, "an import's path is written in quotes",
                fixIts: [.init(range: written, replacement: "\"\(text)\"", message: "write \"\(text)\"")]))
            return .importDirective(ImportSyntax(keyword: keyword, path: nil))
        }
        if current.kind == .string, !current.isAtLineStart {
            path = advance()
        } else {
            report(Diagnostic(
                .expectedValue, at: range(keyword), "expected a file path after 'import'",
                help: ["write the path as a string: import \"shared/styles.guide\""]))
        }
        return .importDirective(ImportSyntax(keyword: keyword, path: path))
    }
}
