import Foundation
import Testing

/// scripts/generate-diagnostics.py: the four files it writes from docs/diagnostics/ are current,
/// and it stops on every kind of broken input with a message that names the file and the fault.
struct DiagnosticGeneratorTests {
    static let script = GeneratorScript("generate-diagnostics.py")

    /// Whether `python3` runs; without it these tests are skipped, not passed.
    static let hasPython: Bool =
        (try? SchemaValidationPython.runPython(["--version"], environment: ProcessInfo.processInfo.environment))?.status == 0

    /// The files the script reads and writes, from the repository root.
    static let inputsAndOutputs = [
        "docs/diagnostics", "docs/diagnostics.md", "docs/language.md",
        "Sources/GuideLang/Diagnostics/DiagnosticCode+Table.swift",
        "Sources/GuideLang/Diagnostics/DiagnosticExplanation+Table.swift",
    ]

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try script.run(arguments) }

    /// The generated Swift tables, docs/diagnostics.md and language.md's table of codes are what
    /// the Markdown files give.
    @Test(.enabled(if: hasPython, "python3 is not installed"))
    func generatedFilesAreCurrent() throws {
        let result = try Self.run(["--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// One way to break the input, and what the script must say about it.
    enum Breakage: String, CaseIterable, Sendable {
        case none, missingSection, badSeverity, ruleNotKebabCase, headingNotTheFilesCode, duplicateCode,
             duplicateRuleName, codeOutOfRange, missingFile, staleTable, staleLanguageTable, missingLanguageMarker

        /// Applies the breakage to a copy of docs/diagnostics/ in `folder`.
        func apply(in folder: URL) throws {
            let name = "GL0301-unknown-property.md"
            let url = folder.appendingPathComponent(name)
            var text = try String(contentsOf: url, encoding: .utf8)
            func edit(_ old: String, _ new: String) throws {
                try #require(text.contains(old), "\(name) has no '\(old)'")
                text = text.replacingOccurrences(of: old, with: new)
            }
            func add(_ name: String) throws { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            switch self {
            case .none: return
            case .missingSection: try edit("\n## Fixed\n", "\n")
            case .badSeverity: try edit("severity: error", "severity: fatal")
            case .ruleNotKebabCase: try edit("rule: unknown-property", "rule: unknownProperty")
            case .headingNotTheFilesCode: try edit("# GL0301: ", "# GL0302: ")
            case .duplicateCode:
                try edit("rule: unknown-property", "rule: unknown-property-again")
                try add("GL0301-unknown-property-again.md")
                return
            case .duplicateRuleName:
                try edit("# GL0301: ", "# GL0399: ")
                try add("GL0399-unknown-property.md")
                return
            case .codeOutOfRange:
                try edit("# GL0301: ", "# GL1901: ")
                try edit("rule: unknown-property", "rule: future-check")
                try add("GL1901-future-check.md")
                return
            case .missingFile:
                try FileManager.default.removeItem(at: url)
                return
            case .staleTable: try edit("The block has no property by this name", "The block has no property by that name")
            case .staleLanguageTable, .missingLanguageMarker:
                // language.md, two folders up: its hand-kept table once lacked 36 codes.
                let reference = folder.deletingLastPathComponent().appendingPathComponent("language.md")
                var language = try String(contentsOf: reference, encoding: .utf8)
                let old = self == .staleLanguageTable ? "| [GL1306]" : "<!-- /codes -->"
                try #require(language.contains(old), "language.md has no '\(old)'")
                language = language.replacingOccurrences(of: old, with: self == .staleLanguageTable ? "| [GL1305]" : "")
                try language.write(to: reference, atomically: true, encoding: .utf8)
                return
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        /// What `--check` must print (nil: nothing, it passes).
        var message: String? {
            switch self {
            case .none: nil
            case .missingSection: "GL0301-unknown-property.md: missing section '## Fixed'"
            case .badSeverity: "GL0301-unknown-property.md:2: severity must be error, warning, note, not 'fatal'"
            case .ruleNotKebabCase: "GL0301-unknown-property.md:3: the rule name 'unknownProperty' is not kebab-case"
            case .headingNotTheFilesCode: "GL0301-unknown-property.md: the file is named after GL0301 but its heading is GL0302"
            case .duplicateCode: "the code GL0301 is also docs/diagnostics/GL0301-unknown-property-again.md's"
            case .duplicateRuleName: "GL0399-unknown-property.md: the rule name unknown-property is also docs/diagnostics/GL0301-unknown-property.md's"
            case .codeOutOfRange: "GL1901-future-check.md: GL1901 is in no range of codes"
            case .missingFile: "error: Sources/GuideLang/Diagnostics/DiagnosticCode+Table.swift is out of date; run scripts/generate-diagnostics.py"
            case .staleTable: "error: Sources/GuideLang/Diagnostics/DiagnosticExplanation+Table.swift is out of date; run scripts/generate-diagnostics.py"
            case .staleLanguageTable: "error: docs/language.md is out of date; run scripts/generate-diagnostics.py"
            case .missingLanguageMarker: "docs/language.md: needs the lines <!-- codes: generated from docs/diagnostics/"
            }
        }
    }

    /// A copy of the script's inputs and outputs, broken one way, passes `--check` only when
    /// intact; otherwise the script exits 1 with a message naming the file and what is wrong.
    @Test(.enabled(if: hasPython, "python3 is not installed"), arguments: Breakage.allCases)
    func brokenInputIsRejectedWithAClearMessage(_ breakage: Breakage) throws {
        let root = try GeneratorScript.copy(Self.inputsAndOutputs)
        defer { try? FileManager.default.removeItem(at: root) }
        try breakage.apply(in: root.appendingPathComponent("docs/diagnostics"))
        let result = try Self.run(["--check", "--root", root.path])
        guard let message = breakage.message else {
            #expect(result.status == 0, "\(result.output)")
            return
        }
        #expect(result.status == 1)
        #expect(result.output.contains(message), "expected '\(message)' in:\n\(result.output)")
    }
}
