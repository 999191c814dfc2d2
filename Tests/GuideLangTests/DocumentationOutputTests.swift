import Foundation
import GuideLang
import Testing

/// Every output quoted in README.md and docs/*.md is what the built guidec prints: each fenced
/// block that could be output (no language, `json`, `jsonc`, `text`, `console`) carries a marker
/// on the line above it, and the marked command is run and compared (ARCHITECTURE.md,
/// "Quoted outputs"):
///
/// - `<!-- output: guidec ARGS -->`: the block is exactly what the command prints (standard
///   output, then standard error). A first line `$ guidec ARGS` echoes the command; `//`
///   comments at the ends of `jsonc` lines are annotations and are not compared.
/// - `<!-- output excerpt: guidec ARGS -->`: the block is part of it. Lines of `...` stand for
///   any lines; in `json` blocks `...` stands for any text and whitespace does not count, and
///   each value in the block is looked for on its own.
/// - `<!-- not output: WHY -->`: a block that only looks like output (a formula, a tree).
/// - `<!-- file: NAME -->` above a `guide` block (or a `json` one: a scenario) writes it as NAME for the document's commands,
///   which run in a scratch folder holding those files and a link to Examples/. A clause
///   `; with "OLD" as "NEW"` after the command edits the files for that command only.
///
/// `GUIDEC_RECORD=1 swift test` rewrites whole-output blocks (keeping `jsonc` annotations on
/// the lines they were on); excerpts are checked only.
@Suite(.serialized)
struct DocumentationOutputTests {
    static let documents: [String] = ["README.md"] + TestSupport.files(
        in: TestSupport.repositoryRoot.appendingPathComponent("docs"), withExtension: "md"
    ).map { "docs/" + $0.lastPathComponent }

    /// Languages whose blocks may be output, and so must say what they are.
    static let outputLanguages: Set<String> = ["", "json", "jsonc", "text", "console"]

    struct Block {
        /// The 0-based index of the opening fence's line.
        var fence: Int
        var language: String
        var lines: [String]
        var marker: Marker?
    }

    enum Marker: Equatable {
        case output(arguments: [String], edits: [Edit], isExcerpt: Bool)
        case notOutput
        case file(String)
    }

    struct Edit: Equatable {
        var old: String
        var new: String
    }

    /// The fenced blocks of a document with the marker above each.
    static func blocks(of lines: [String]) throws -> [Block] {
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let indent = line.count - trimmed.count
            let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let content = lines[(index + 1)..<min(end, lines.count)].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).isEmpty { above -= 1 }
            let marker = above >= 0 ? try Self.marker(lines[above].trimmingCharacters(in: .whitespaces)) : nil
            blocks.append(Block(fence: index, language: language, lines: content, marker: marker))
            index = end + 1
        }
        return blocks
    }

    /// Reads `<!-- output: ... -->` and the other markers; nil for any other line.
    static func marker(_ line: String) throws -> Marker? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let body = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("not output") { return .notOutput }
        if body.hasPrefix("file:") { return .file(body.dropFirst(5).trimmingCharacters(in: .whitespaces)) }
        let isExcerpt = body.hasPrefix("output excerpt:")
        guard isExcerpt || body.hasPrefix("output:") else { return nil }
        let rest = body.drop { $0 != ":" }.dropFirst()
        var clauses = rest.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let command = clauses.removeFirst().split(separator: " ").map(String.init)
        guard command.first == "guidec" else {
            Issue.record("an output marker runs guidec: \(line)")
            return nil
        }
        let edits = try clauses.map { clause -> Edit in
            let match = try #require(clause.wholeMatch(of: /with "(.*)" as "(.*)"/), "unknown clause '\(clause)' in \(line)")
            return Edit(old: String(match.1), new: String(match.2))
        }
        return .output(arguments: Array(command.dropFirst()), edits: edits, isExcerpt: isExcerpt)
    }

    @Test(arguments: documents)
    func everyQuotedOutputIsWhatGuidecPrints(document: String) throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent(document)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let blocks = try Self.blocks(of: lines)
        var files: [(name: String, text: String)] = []
        for block in blocks {
            if case .file(let name)? = block.marker { files.append((name, block.lines.joined(separator: "\n") + "\n")) }
            // A file marker says what its block is too: an input (a guide, or a scenario in JSON).
            let saysWhatItIs = block.marker != nil
            if Self.outputLanguages.contains(block.language), !saysWhatItIs {
                Issue.record("\(document):\(block.fence + 1): a ```\(block.language) block needs <!-- output: guidec ... -->, <!-- output excerpt: ... --> or <!-- not output: ... --> above it")
            }
        }
        // Later blocks first, so recording a block does not move the ones above it.
        var recorded = false
        for block in blocks.reversed() {
            guard case .output(let arguments, let edits, let isExcerpt)? = block.marker else { continue }
            let where_ = "\(document):\(block.fence + 1)"
            let output = try Self.run(arguments, files: files, edits: edits)
            var expected = block.lines
            let echo = expected.first.flatMap { $0.hasPrefix("$ ") ? $0 : nil }
            if let echo {
                #expect(echo == "$ guidec " + arguments.joined(separator: " "), "\(where_): the block echoes another command")
                expected.removeFirst()
            }
            if isExcerpt {
                let missing = block.language == "json" ? Self.missingJSONExcerpts(expected, in: output) : Self.missingExcerpt(expected, in: output)
                if let missing {
                    Issue.record("\(where_): not in the output of guidec \(arguments.joined(separator: " ")): \(missing)\n--- output:\n\(output)")
                }
                continue
            }
            let compared = block.language == "jsonc" ? expected.map(Self.withoutComment) : expected
            guard compared.joined(separator: "\n") + "\n" != output else { continue }
            if TestSupport.isRecording {
                let actual = Array(output.dropLast().components(separatedBy: "\n"))
                let replacement = (echo.map { [$0] } ?? []) + (block.language == "jsonc" ? Self.annotated(actual, like: expected) : actual)
                lines.replaceSubrange((block.fence + 1)..<(block.fence + 1 + block.lines.count), with: replacement)
                recorded = true
            } else {
                Issue.record("\(where_): the block is not what guidec \(arguments.joined(separator: " ")) prints (re-record with GUIDEC_RECORD=1)\n\(TestSupport.firstDifference(compared.joined(separator: "\n") + "\n", output))")
            }
        }
        if recorded { try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8) }
    }

    /// Runs guidec in a scratch folder holding the document's files (edited) and Examples/.
    static func run(_ arguments: [String], files: [(name: String, text: String)], edits: [Edit]) throws -> String {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Examples"), withDestinationURL: TestSupport.repositoryRoot.appendingPathComponent("Examples"))
        var texts = files
        for edit in edits {
            let index = try #require(texts.firstIndex { $0.text.contains(edit.old) }, "no file holds \"\(edit.old)\"")
            if let range = texts[index].text.range(of: edit.old) { texts[index].text.replaceSubrange(range, with: edit.new) }
        }
        for file in texts {
            let url = folder.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
        }
        let run = try CommandLineTests.run(arguments, directory: folder)
        return run.standardOutput + run.standardError
    }

    /// The first segment of an excerpt (lines between `...` lines) not found, in order, among
    /// the output's lines; nil when all are.
    static func missingExcerpt(_ excerpt: [String], in output: String) -> String? {
        let lines = output.components(separatedBy: "\n")
        var segments: [[String]] = [[]]
        for line in excerpt {
            if line.trimmingCharacters(in: .whitespaces) == "..." { segments.append([]) } else { segments[segments.count - 1].append(line) }
        }
        var position = 0
        for segment in segments where !segment.isEmpty {
            guard let found = (position..<max(position, lines.count - segment.count + 1)).first(where: {
                Array(lines[$0..<($0 + segment.count)]) == segment
            }) else { return segment.joined(separator: "\n") }
            position = found + segment.count
        }
        return nil
    }

    /// The first JSON value of the excerpt not found in the output, ignoring whitespace outside
    /// strings, with `...` matching anything; nil when all are.
    static func missingJSONExcerpts(_ excerpt: [String], in output: String) -> String? {
        // A pretty document is one value over many lines; JSON lines are one value each, and
        // no excerpt may run from one into the next.
        let compact = withoutWhitespace(output, keepingLines: !output.hasPrefix("{\n"))
        for value in jsonValues(excerpt) {
            let pieces = withoutWhitespace(value, keepingLines: false).components(separatedBy: "...")
            var position = compact.startIndex
            var isFirst = true
            var found = true
            // Every piece in order; the first anywhere, each next one after the last.
            for piece in pieces where !piece.isEmpty {
                guard let range = compact.range(of: piece, range: position..<compact.endIndex) else {
                    found = false
                    break
                }
                if !isFirst, compact[position..<range.lowerBound].contains("\n") { found = false }
                position = range.upperBound
                isFirst = false
            }
            if !found { return value }
        }
        return nil
    }

    /// The excerpt's lines grouped into whole values by bracket depth.
    static func jsonValues(_ lines: [String]) -> [String] {
        var values: [String] = []
        var current: [String] = []
        var depth = 0
        for line in lines {
            current.append(line)
            var inString = false
            var escaped = false
            for character in line {
                if escaped { escaped = false; continue }
                if inString {
                    if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "{", "[": depth += 1
                case "}", "]": depth -= 1
                default: break
                }
            }
            if depth <= 0 {
                values.append(current.joined(separator: "\n"))
                current = []
                depth = 0
            }
        }
        if !current.isEmpty { values.append(current.joined(separator: "\n")) }
        return values
    }

    /// JSON text without whitespace outside strings, line breaks kept or not.
    static func withoutWhitespace(_ text: String, keepingLines: Bool) -> String {
        var output = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                output.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == " " || character == "\t" || (character == "\n" && !keepingLines) { continue }
            if character == "\"" { inString = true }
            output.append(character)
        }
        return output
    }

    /// A `jsonc` line without its trailing `// annotation`.
    static func withoutComment(_ line: String) -> String {
        var inString = false
        var escaped = false
        var previous: Character?
        for (offset, character) in line.enumerated() {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                var kept = String(line.prefix(offset - 1))
                while kept.hasSuffix(" ") { kept.removeLast() }
                return kept
            }
            previous = character
        }
        return line
    }

    /// The actual lines with the annotations of the lines they match in the old block.
    static func annotated(_ actual: [String], like old: [String]) -> [String] {
        var result: [String] = []
        var next = 0
        for line in actual {
            if let match = (next..<old.count).prefix(8).first(where: { withoutComment(old[$0]) == line }) {
                result.append(old[match])
                next = match + 1
            } else {
                result.append(line)
            }
        }
        return result
    }
}
