import Foundation
import Testing

/// The module graph of ARCHITECTURE.md, enforced: every import of every target's Swift sources is
/// one its row of the "Modules" table allows, Package.swift declares no dependency the table does
/// not, and the pure targets (GuideIR and GuideLayout, which an app links) use no threads, no I/O
/// and no global mutable state. The rules work on tokens (`SwiftTokenScanner`), so an import or a
/// `Thread` in a comment or a string is not one, and one written across lines still is.
struct ModuleDependencyTests {
    /// One row of the table: a target, its folder, what it may import and whether it is pure.
    struct Rule: Equatable, CustomStringConvertible {
        var target: String
        var folder: String
        /// A module name (any import of it) or a scoped import such as `func Glibc.pow` (only that).
        var allowed: [String]
        var isPure: Bool
        var description: String { target }
    }

    /// One import declaration, as written.
    struct Import: Equatable {
        var line: Int
        /// Attributes such as `@testable` or `@_exported`, without the `@`.
        var attributes: [String]
        /// `func`, `struct`, ... for a scoped import; nil for a whole module.
        var kind: String?
        /// The module, then the declaration of a scoped import.
        var path: [String]

        var module: String { path.first ?? "" }
        /// How the table names it: `Glibc`, or `func Glibc.pow`.
        var spelled: String { (kind.map { $0 + " " } ?? "") + path.joined(separator: ".") }
    }

    /// Names by which Swift code starts a thread or a task, or reaches the terminal, the
    /// environment or a file. Foundation, Dispatch, Synchronization and the C library cannot be
    /// imported by a pure target at all (but for named maths functions), so what is left are the
    /// standard library's own ways; the others are listed too, so that an allowed import that
    /// ever brings them in is still caught.
    static let threadAndIONames: Set<String> = [
        "Thread", "DispatchQueue", "DispatchGroup", "DispatchSemaphore", "OperationQueue", "pthread_create",
        "Task", "TaskGroup", "ThrowingTaskGroup", "DiscardingTaskGroup", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "async", "await", "actor",
        "print", "debugPrint", "dump", "readLine", "CommandLine", "ProcessInfo", "getenv",
        "FileManager", "FileHandle", "fopen", "fread", "fwrite", "fputs", "stdin", "stdout", "stderr",
    ]

    /// Access modifiers that may precede `import` (Swift 6 access-level imports).
    private static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    /// The kinds of a scoped import (`import func Glibc.pow`).
    private static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    // MARK: Reading the table and the sources

    /// The rows of the "Modules" table in ARCHITECTURE.md: `| \`Target\` | \`Sources/Target/\` |
    /// imports | yes or no |`, imports as backticked names (or "nothing").
    static func rules(fromArchitecture text: String) -> [Rule] {
        guard let start = text.range(of: "\n## Modules\n") else { return [] }
        let section = text[start.upperBound...]
        var rules: [Rule] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, cells[1].hasPrefix("`") else { continue }
            let target = backticked(cells[1]).first ?? ""
            let folder = backticked(cells[2]).first ?? ""
            rules.append(Rule(target: target, folder: folder, allowed: backticked(cells[3]), isPure: cells[4] == "yes"))
        }
        return rules
    }

    /// The backticked spans of a text, in order.
    static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// Every import declaration of `source`, read from its tokens.
    static func imports(in source: String) -> [Import] {
        let tokens = SwiftTokenScanner.tokens(of: source)
        var imports: [Import] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == "import" {
            // `import` is a keyword: as an identifier it would be backticked, so every one is a declaration.
            var attributes: [String] = []
            var before = index - 1
            while before >= 0, tokens[before].line == token.line {
                if accessModifiers.contains(tokens[before].text) {
                    before -= 1
                } else if before >= 1, tokens[before - 1].text == "@", tokens[before].kind == .identifier {
                    attributes.insert(tokens[before].text, at: 0)
                    before -= 2
                } else {
                    break
                }
            }
            var next = index + 1
            var kind: String?
            if next < tokens.count, importKinds.contains(tokens[next].text) {
                kind = tokens[next].text
                next += 1
            }
            var path: [String] = []
            while next < tokens.count, tokens[next].kind == .identifier {
                path.append(tokens[next].text)
                guard next + 2 < tokens.count, tokens[next + 1].text == ".", tokens[next + 2].kind == .identifier else { break }
                next += 2
            }
            imports.append(Import(line: token.line, attributes: attributes, kind: kind, path: path))
        }
        return imports
    }

    /// What in `source` breaks `rule`, one line each (`file:line: what`).
    static func violations(in source: String, file: String, rule: Rule) -> [String] {
        var found: [String] = []
        for written in imports(in: source) {
            // A scoped import (`import func Glibc.pow`) is allowed by its own entry or by its module's.
            if !rule.allowed.contains(written.spelled) && !rule.allowed.contains(written.module) {
                found.append("\(file):\(written.line): \(rule.target) may not import \(written.spelled)")
            }
            // Re-exporting would hand a target's dependents modules the graph does not give them.
            if written.attributes.contains("_exported") { found.append("\(file):\(written.line): @_exported import of \(written.module)") }
        }
        if rule.isPure { found += impurities(in: source, file: file, target: rule.target) }
        return found
    }

    /// Threads, tasks, I/O and global mutable state in a pure target's source.
    static func impurities(in source: String, file: String, target: String) -> [String] {
        let tokens = SwiftTokenScanner.tokens(of: source)
        var found: [String] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            let place = "\(file):\(token.line): \(target) is pure"
            let afterAt = index > 0 && tokens[index - 1].text == "@"
            switch token.text {
            case "{": depth += 1
            case "}": depth -= 1
            default: break
            }
            guard token.kind == .identifier else { continue }
            if threadAndIONames.contains(token.text) {
                found.append("\(place) but uses '\(token.text)' (a thread, a task or I/O)")
            } else if token.text == "nonisolated" {
                found.append("\(place) but opts out of isolation with 'nonisolated'")
            } else if afterAt && token.text == "_silgen_name" {
                // A function declared by its symbol reaches the C library without importing it.
                found.append("\(place) but declares a foreign function with '@_silgen_name'")
            } else if afterAt && (token.text == "unchecked" || token.text == "globalActor" || token.text.hasSuffix("Actor")) {
                found.append("\(place) but uses '@\(token.text)' (state shared across threads)")
            } else if token.text == "var", isStoredGlobal(tokens, varIndex: index, depth: depth) {
                found.append("\(place) but declares a stored global or static 'var' (global mutable state)")
            }
        }
        return found
    }

    /// Whether the `var` at `varIndex` declares a stored property that is static, class-level or
    /// global (at brace depth 0): computed ones (`static var x: T { ... }`) are not state.
    private static func isStoredGlobal(_ tokens: [SwiftTokenScanner.Token], varIndex: Int, depth: Int) -> Bool {
        var before = varIndex - 1
        var isTypeLevel = false
        while before >= 0, tokens[before].line == tokens[varIndex].line, tokens[before].kind == .identifier || tokens[before].text == "(" || tokens[before].text == ")" {
            if tokens[before].text == "static" || tokens[before].text == "class" { isTypeLevel = true }
            before -= 1
        }
        guard isTypeLevel || depth == 0 else { return false }
        // The first `{` (accessors: computed) or `=` (an initial value: stored) on the declaration's
        // line; neither means a stored property without an initial value.
        var next = varIndex + 1
        while next < tokens.count, tokens[next].line == tokens[varIndex].line {
            if tokens[next].text == "{" { return false }
            if tokens[next].text == "=" { return true }
            next += 1
        }
        return true
    }

    static var architecture: String {
        (try? String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)) ?? ""
    }

    // MARK: The real sources

    @Test func everyTargetImportsOnlyWhatTheModuleTableAllows() throws {
        let rules = Self.rules(fromArchitecture: Self.architecture)
        #expect(rules.map(\.target) == ["GuideIR", "GuideLayout", "GuideRuntime", "GuideRuntimeStorage", "GuidePreview", "GuideSimulation", "GuideLang", "guidec", "StateStoreWriter", "DecisionBenchmark", "GuideLangTests"])
        let root = TestSupport.repositoryRoot
        var checked = 0
        for rule in rules {
            let folder = root.appendingPathComponent(rule.folder)
            let files = TestSupport.files(in: folder, withExtension: "swift", recursive: true)
            #expect(!files.isEmpty, "\(rule.folder) has no Swift sources")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                let relative = String(file.path.dropFirst(root.path.count + 1))
                for violation in Self.violations(in: text, file: relative, rule: rule) { Issue.record("\(violation)") }
                checked += 1
            }
        }
        #expect(checked > 100)
        // A new target folder would otherwise escape the rules.
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted()
        #expect(folders.map { "Sources/\($0)/" } == rules.filter { $0.folder.hasPrefix("Sources/") }.map(\.folder).sorted())
    }

    /// The front end is parameterised by what the layout engine knows instead of reading it:
    /// GuideLang's source, syntax, semantics and formatter never import GuideLayout (the
    /// diagnostic renderer does, for the one table of character widths).
    @Test func theFrontEndDoesNotImportTheLayoutEngine() throws {
        let root = TestSupport.repositoryRoot
        var checked = 0
        for folder in ["Source", "Syntax", "Semantics", "Format"] {
            for file in TestSupport.files(in: root.appendingPathComponent("Sources/GuideLang/\(folder)"), withExtension: "swift") {
                let text = try String(contentsOf: file, encoding: .utf8)
                for written in Self.imports(in: text) where written.module == "GuideLayout" {
                    Issue.record("Sources/GuideLang/\(folder)/\(file.lastPathComponent):\(written.line) imports GuideLayout")
                }
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    /// Package.swift's targets are the table's, and each depends on nothing its row does not allow.
    @Test func packageDependenciesAgreeWithTheModuleTable() throws {
        let rules = Self.rules(fromArchitecture: Self.architecture)
        let manifest = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var declared: [String: [String]] = [:]
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget)\(\s*name:\s*"(\w+)"(?:\s*,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        for match in pattern.matches(in: manifest, range: range) {
            guard let name = Range(match.range(at: 1), in: manifest) else { continue }
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            declared[String(manifest[name])] = Self.quoted(list)
        }
        #expect(Set(declared.keys) == Set(rules.map(\.target)))
        for rule in rules {
            for dependency in declared[rule.target] ?? [] where !rule.allowed.contains(dependency) {
                Issue.record("Package.swift: \(rule.target) depends on \(dependency), which its row of the Modules table does not allow")
            }
        }
    }

    private static func quoted(_ text: String) -> [String] {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// The table itself keeps what the runtime needs: the IR depends on nothing, the layout engine
    /// on the IR only (and named maths functions), and neither is the compiler's or impure.
    @Test func theModuleTableKeepsTheEngineFreeOfTheCompiler() {
        let rules = Dictionary(uniqueKeysWithValues: Self.rules(fromArchitecture: Self.architecture).map { ($0.target, $0) })
        #expect(rules["GuideIR"]?.allowed == [])
        #expect(rules["GuideIR"]?.isPure == true)
        #expect(rules["GuideLayout"]?.isPure == true)
        // The pictures of 'guidec preview' are drawn from the IR and the layout engine alone, so
        // an app or the runtime could draw the same scene.
        #expect(rules["GuidePreview"]?.allowed == ["GuideIR", "GuideLayout"])
        #expect(rules["GuidePreview"]?.isPure == true)
        let layout = rules["GuideLayout"]?.allowed ?? ["missing"]
        #expect(layout.allSatisfy { $0 == "GuideIR" || $0.hasPrefix("func ") }, "\(layout)")
        #expect(rules["GuideLang"]?.allowed.contains("GuideLang") == false)
        // The runtime an app links: pure (no threads, no clock or disk of its own; the time is an
        // input), on the IR and the layout engine only; its stores, the one part with I/O, never
        // reach the compiler either.
        #expect(rules["GuideRuntime"]?.isPure == true)
        #expect(Set(rules["GuideRuntime"]?.allowed ?? ["missing"]) == ["GuideIR", "GuideLayout"])
        #expect(rules["GuideRuntimeStorage"]?.allowed.contains("GuideLang") == false)
        // `guidec simulate` plays through the runtime itself, purely; the runtime never reaches it.
        #expect(rules["GuideSimulation"]?.isPure == true)
        #expect(rules["GuideSimulation"]?.allowed.contains("GuideRuntime") == true)
        #expect(rules["GuideRuntime"]?.allowed.contains("GuideSimulation") == false)
        #expect(rules["GuideRuntimeStorage"]?.allowed.contains("Dispatch") == false)
    }

    // MARK: The rules can fail

    static let ir = Rule(target: "GuideIR", folder: "Sources/GuideIR/", allowed: [], isPure: true)
    static let layout = Rule(target: "GuideLayout", folder: "Sources/GuideLayout/", allowed: ["GuideIR", "func Glibc.pow"], isPure: true)
    static let compiler = Rule(target: "GuideLang", folder: "Sources/GuideLang/", allowed: ["GuideIR", "GuideLayout", "Dispatch"], isPure: false)

    /// Each synthetic source breaks its rule as many times as stated; comments and strings never do.
    @Test(arguments: [
        (layout, "import GuideLang\n", 1),
        (layout, "@testable import GuideLang", 1),
        (layout, "public import GuideLang", 1),
        (layout, "import struct GuideLang.Checker", 1),
        (layout, "import\n  GuideLang", 1),
        (ir, "import GuideLayout", 1),
        (ir, "import GuideIR", 1),
        (layout, "import Foundation\nimport Dispatch", 2),
        (layout, "#if canImport(Glibc)\nimport Glibc\n#endif", 1),
        (layout, "import func Glibc.pow\nimport GuideIR", 0),
        (layout, "import func Glibc.fopen", 2),
        (layout, "// import GuideLang\nlet text = \"import GuideLang\"\n/* import Foundation */", 0),
        (compiler, "import GuideIR\nimport GuideLayout\nimport Dispatch", 0),
        (compiler, "@_exported import GuideIR", 1),
        (compiler, "import Foundation", 1),
        (compiler, "let queue = DispatchQueue(label: \"x\")\nstatic var cache: [Int] = []", 0),
        (layout, "func f() { Thread.detachNewThread {} }", 1),
        (layout, "func f() { Task { await g() } }", 2),
        (layout, "func f() { DispatchQueue.global().async {} }", 2),
        (layout, "func f() { print(\"x\") }", 1),
        (layout, "enum E { static var cache: [String: Int] = [:] }", 1),
        (layout, "enum E { static var hits = 0 }", 1),
        (layout, "enum E { nonisolated(unsafe) static let shared = Box() }", 1),
        (layout, "@MainActor enum E { static let x = 1 }", 1),
        (layout, "final class Box: @unchecked Sendable { var x = 0 }", 1),
        (layout, "var counter = 0", 1),
        (layout, "@_silgen_name(\"write\") func write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int", 1),
        (layout, "enum E { static var minimum: Double { 2 } }\nvar computed: Int { 1 }", 0),
        (layout, "struct S { var x = 0; mutating func f() { var y = 1; y += x } }", 0),
        (layout, "// Thread and Task are not called here\nlet s = \"print(DispatchQueue)\"", 0),
    ])
    func rulesCatchWhatTheyForbid(rule: Rule, source: String, expected: Int) {
        let found = Self.violations(in: source, file: "Synthetic.swift", rule: rule)
        #expect(found.count == expected, "\(found)")
    }

    @Test func importsAreReadFromTokens() {
        let found = Self.imports(in: "@testable public import struct GuideLang.Checker // import X\nimport func Glibc.pow\n")
        #expect(found == [
            Import(line: 1, attributes: ["testable"], kind: "struct", path: ["GuideLang", "Checker"]),
            Import(line: 2, attributes: [], kind: "func", path: ["Glibc", "pow"]),
        ])
        #expect(found.map(\.spelled) == ["struct GuideLang.Checker", "func Glibc.pow"])
    }

    @Test func theTableIsReadFromItsMarkdown() {
        let text = """
            # A

            ## Modules

            | Target | Folder | May import | Pure |
            |---|---|---|---|
            | `GuideIR` | `Sources/GuideIR/` | nothing | yes |
            | `GuideLayout` | `Sources/GuideLayout/` | `GuideIR`; of the C library only `func Glibc.pow` | yes |

            ## Next

            | `Other` | `x/` | `y` | no |
            """
        #expect(Self.rules(fromArchitecture: text) == [
            Rule(target: "GuideIR", folder: "Sources/GuideIR/", allowed: [], isPure: true),
            Rule(target: "GuideLayout", folder: "Sources/GuideLayout/", allowed: ["GuideIR", "func Glibc.pow"], isPure: true),
        ])
    }
}
