import GuideIR

/// `guidec fmt`: lays a file out in the one canonical style, changing only whitespace.
///
/// The formatter never changes a token, never joins two lines and never splits one, because a
/// line break ends a value in this language: it re-indents (two spaces per open bracket), sets
/// the spaces between tokens, keeps at most one blank line, removes trailing spaces, ends the
/// file with one line break, and aligns the braces and members of consecutive one-line blocks
/// (and consecutive trailing comments) into columns. Comments and the file's line-break style
/// are kept. A file with syntax errors is not formatted, since its structure is a guess.
///
/// Every result is checked before it is handed out: the output is lexed again and must give the
/// same tokens, with the same line starts, as the input. A formatter bug therefore shows as a
/// refusal, never as a changed program.
public enum Formatter {
    /// What formatting a file gave.
    public enum Outcome: Sendable {
        /// The formatted bytes (equal to the input when it was already formatted).
        case formatted([UInt8])
        /// The file has syntax errors (these diagnostics) and was left alone.
        case syntaxErrors([Diagnostic])
        /// The formatted text would not read as the same program; the file was left alone. This
        /// is a bug in guidec; the message says where the two first differ.
        case internalError(String)
        /// The formatted text would be larger than guidec reads (`Lexer.maximumFileSize`); its
        /// size in bytes.
        case outputTooLarge(Int)
    }

    /// Formats a file.
    public static func format(_ source: SourceFile, fileID: FileID = FileID(0)) -> Outcome {
        var printer: FormatPrinter
        switch FormatPrinter.prepare(source, fileID: fileID) {
        case .ready(let ready): printer = ready
        case .syntaxErrors(let diagnostics): return .syntaxErrors(diagnostics)
        }
        let output = printer.print()
        if output == source.bytes { return .formatted(output) }
        if output.count > Lexer.maximumFileSize { return .outputTooLarge(output.count) }
        if let difference = differenceInMeaning(source, formatted: output) { return .internalError(difference) }
        return .formatted(output)
    }

    /// Why `formatted` would not read as the same program as `source`, or nil when it reads the
    /// same: the same tokens with the same text, each starting a line exactly when the original
    /// did, and the same comments before each token (a line comment may lose trailing spaces).
    /// Both are lexed side by side, a token at a time, so the check holds no token list.
    public static func differenceInMeaning(_ source: SourceFile, formatted: [UInt8]) -> String? {
        var original = Lexer(bytes: source.bytes, fileID: FileID(0))
        var again = Lexer(bytes: formatted, fileID: FileID(0))
        var index = 0
        while true {
            let old = original.nextToken()
            let new = again.nextToken()
            func place() -> String {
                let location = source.location(of: Int(old.start))
                return "\(location.line):\(location.column)"
            }
            guard old.kind == new.kind, source.bytes[old.range].elementsEqual(formatted[new.range]) else {
                return "token \(index) at \(place()) reads differently once formatted"
            }
            // The end of the file is exempt: the parser reads its kind, never whether it starts a
            // line, and the formatter ends every file with a line break.
            guard old.isAtLineStart == new.isAtLineStart || old.kind == .endOfFile else {
                return "token \(index) at \(place()) \(old.isAtLineStart ? "no longer starts" : "now starts") a line"
            }
            guard comments(before: old, in: source.bytes).elementsEqual(comments(before: new, in: formatted)) else {
                return "the comments before token \(index) at \(place()) differ once formatted"
            }
            // Both streams end with `endOfFile`, so a token more or less shows above as a mismatch.
            if old.kind == .endOfFile { break }
            index += 1
        }
        // Lexical errors live in tokens and comments, which are now known to be the input's own
        // (and the input has none, or it would not have been formatted); whitespace the printer
        // writes is spaces and line breaks.
        return nil
    }

    /// The comments in a token's leading trivia, line comments without trailing spaces.
    private static func comments(before token: Token, in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        // Most trivia is spaces and line breaks: only one with a '/' can hold a comment.
        guard bytes[token.triviaRange].contains(UInt8(ascii: "/")) else { return [] }
        return TriviaScanner.pieces(bytes, in: token.triviaRange).compactMap { piece in
            switch piece.kind {
            case .lineComment: bytes[trimmingTrailingSpaces(piece.range, in: bytes)]
            case .blockComment: bytes[piece.range]
            default: nil
            }
        }
    }

    /// A range without its trailing spaces and tabs (how a line comment is written).
    static func trimmingTrailingSpaces(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return range.lowerBound..<end
    }

    /// Where a file and its formatted form first differ, as the range of the original's bytes to
    /// replace (common prefix and suffix left out) and the replacement; nil when they are equal.
    public static func firstDifference(_ original: [UInt8], _ formatted: [UInt8]) -> (range: Range<Int>, replacement: [UInt8])? {
        guard original != formatted else { return nil }
        var prefix = 0
        let shorter = min(original.count, formatted.count)
        while prefix < shorter, original[prefix] == formatted[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, original[original.count - 1 - suffix] == formatted[formatted.count - 1 - suffix] {
            suffix += 1
        }
        // Keep UTF-8 sequences and CRLF line breaks whole: never start or end the edit inside one
        // (an editor cannot place a position between CR and LF).
        func isContinuation(_ bytes: [UInt8], _ index: Int) -> Bool {
            guard index > 0, index < bytes.count else { return false }
            return bytes[index] & 0xC0 == 0x80 || (bytes[index] == 0x0A && bytes[index - 1] == 0x0D)
        }
        while prefix > 0, isContinuation(original, prefix) || isContinuation(formatted, prefix) { prefix -= 1 }
        while suffix > 0, isContinuation(original, original.count - suffix) || isContinuation(formatted, formatted.count - suffix) {
            suffix -= 1
        }
        return (prefix..<(original.count - suffix), Array(formatted[prefix..<(formatted.count - suffix)]))
    }

    /// A path as a shell reads it back: in double quotes when it holds a blank or a character a
    /// shell treats specially, after `--` when it starts with `-` (else it reads as an option).
    static func commandLineWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789._-/+@%,:".unicodeScalars.contains($0) }
        var word = path
        if !plain {
            // Inside double quotes a shell still reads `\`, `"`, `$` and a backquote: escaped.
            word = "\""
            for character in path {
                if "\\\"$`".contains(character) { word.append("\\") }
                word.append(character)
            }
            word.append("\"")
        }
        return path.hasPrefix("-") ? "-- " + word : word
    }

    /// The `GL0901` diagnostic for a file that is not formatted: it points at the first line
    /// that differs and carries the whole edit as its fix-it.
    public static func unformattedDiagnostic(_ source: SourceFile, formatted: [UInt8], fileID: FileID = FileID(0)) -> Diagnostic? {
        guard let (range, replacement) = firstDifference(source.bytes, formatted) else { return nil }
        // The line without its break, so the caret underlines the line that changes.
        let line = source.lineRange(source.lineIndex(of: range.lowerBound))
        let advice = source.path == "<stdin>" ? "run 'guidec fmt -' to get it formatted"
            : "run 'guidec fmt -w \(Self.commandLineWord(source.path))' to format it"
        return Diagnostic(
            .unformatted, at: SourceRange(fileID: fileID, start: line.lowerBound, end: line.upperBound),
            "file is not formatted",
            notes: ["this is the first line 'guidec fmt' would change"],
            help: [advice],
            fixIts: [.init(
                range: SourceRange(fileID: fileID, start: range.lowerBound, end: range.upperBound),
                replacement: String(decoding: replacement, as: UTF8.self), message: "format the file")])
    }
}
