import Foundation
import Testing

/// No input may reach a trap: every force unwrap (`x!`, `f()!`, `}!`, `try!`, `as!`, an
/// implicitly unwrapped `T!`), `fatalError`, `precondition` or `preconditionFailure` left in
/// Sources/ must carry a `// cannot fire:` comment on the line above saying why. The audit works
/// on tokens (`SwiftTokenScanner`), so layout, strings and comments cannot hide a trap from it.
struct TrapAuditTests {
    /// One trap site.
    struct Site: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var isJustified: Bool
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Calls that stop the program whatever the build configuration.
    static let trappingCalls: Set<String> = ["fatalError", "precondition", "preconditionFailure"]

    /// The lines of `source` that hold a trap, each once, in order.
    static func trapLines(in source: String) -> [Int] {
        var lines: [Int] = []
        for token in SwiftTokenScanner.tokens(of: source) {
            let isTrap: Bool
            switch token.kind {
            case .identifier:
                isTrap = trappingCalls.contains(token.text)
            case .operatorSymbol:
                // A `!` bound to what precedes it is postfix: a force unwrap, or the `!` of
                // `try!` and `as!`. Bound on both sides, `!=` and `!==` are comparisons.
                isTrap = token.text.hasPrefix("!") && token.isLeftBound && !token.text.hasPrefix("!=")
            case .number, .punctuation:
                isTrap = false
            }
            if isTrap && lines.last != token.line { lines.append(token.line) }
        }
        return lines
    }

    static func sourceFiles() -> [String] {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        return (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
    }

    static func sites() throws -> [Site] {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        var sites: [Site] = []
        for file in sourceFiles() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in trapLines(in: text) {
                let justified = line > 1 && lines[line - 2].contains("// cannot fire:")
                sites.append(Site(file: file, line: line, text: lines[line - 1].trimmingCharacters(in: .whitespaces), isJustified: justified))
            }
        }
        return sites
    }

    @Test func everyTrapInSourcesIsJustified() throws {
        let sites = try Self.sites()
        for site in sites where !site.isJustified {
            Issue.record("a trap without a '// cannot fire:' comment above it: \(site)")
        }
        // The list is printed so a reviewer sees every remaining trap at a glance.
        print("trap sites in Sources/: \(sites.count)\n" + sites.map { "  \($0)" }.joined(separator: "\n"))
    }

    /// guidec never runs a shell or another program and never opens a socket: nothing in
    /// Sources/ may call the APIs that do. The one exception is git, which `preview --base`
    /// runs to read a revision's files: only `GitRevision.swift` may start a process, with
    /// `Process` (no shell, fixed arguments, a revision resolved to a commit before it is used).
    static let mayRunAProgram: [String: Set<String>] = ["guidec/GitRevision.swift": ["Process"]]

    @Test func sourcesNeverRunProgramsOrOpenSockets() throws {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        let forbidden: Set<String> = ["Process", "system", "popen", "execv", "execvp", "execve", "posix_spawn",
                                      "posix_spawnp", "fork", "vfork", "socket", "connect", "URLSession", "URLRequest"]
        let files = Self.sourceFiles()
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let allowed = Self.mayRunAProgram[file] ?? []
            for token in SwiftTokenScanner.tokens(of: text)
            where token.kind == .identifier && forbidden.contains(token.text) && !allowed.contains(token.text) {
                Issue.record("\(file):\(token.line) runs a program or opens a socket: \(token.text)")
            }
        }
    }

    /// The audit must see every trap however it is written, and nothing in strings or comments.
    @Test(arguments: [
        ("let x = y!", [1]),
        ("let x = values.first { $0 > 1 }!", [1]),
        ("let x = f()!\nlet y = a[0]!.count", [1, 2]),
        ("let x = try! load()\nlet y = z as! Int", [1, 2]),
        ("var name: String!", [1]),
        ("let s = \"\\(value!)\"", [1]),
        ("let s = \"\"\"\n  text \\(a.b!) more\n  \"\"\"", [2]),
        ("fatalError(\"x\")\nprecondition(a)\npreconditionFailure()", [1, 2, 3]),
        ("let x = y! // y!\n/* z! /* nested! */ w! */ let v = 1", [1]),
        ("let s = \"wow!\" + #\"raw \"! \\(not!)\"# + \"\\\"!\"", []),
        ("if a != b, !c, (!d), [!e], f == !g, h ? !i : j, k!==l {}", []),
        ("let s = \"\"\"\n  wow! \"quoted!\"\n  \"\"\"\nlet t = u!", [4]),
        ("let r = #\"a \\#(b!) c\"#", [1]),
    ] as [(String, [Int])])
    func theAuditFindsEveryTrapAndNothingElse(source: String, expected: [Int]) {
        #expect(Self.trapLines(in: source) == expected, "\(source)")
    }
}
