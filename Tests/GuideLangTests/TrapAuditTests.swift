import Foundation
import Testing

/// No input may reach a trap: every `fatalError`, `try!`, `as!`, `precondition` failure or force
/// unwrap left in Sources/ must carry a `// cannot fire:` comment on the line above saying why.
struct TrapAuditTests {
    /// One trap site.
    struct Site: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var isJustified: Bool
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Removes string literals and the comment from a line of Swift, crudely but enough here.
    static func code(of line: String) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                previous = previous == "\\" && character == "\\" ? " " : character
                continue
            }
            if character == "\"" { inString = true; result.append("\"\""); continue }
            if character == "/" && previous == "/" { result.removeLast(); break }
            result.append(character)
            previous = character
        }
        return result
    }

    static func sites() throws -> [Site] {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        let patterns = [
            try Regex(#"\bfatalError\("#), try Regex(#"\btry!"#), try Regex(#"\bas!"#),
            try Regex(#"\bpreconditionFailure\("#), try Regex(#"[A-Za-z0-9_\)\]]!(?!=)"#),
        ]
        var sites: [Site] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() {
                let code = Self.code(of: line)
                guard patterns.contains(where: { code.contains($0) }) else { continue }
                let justified = index > 0 && lines[index - 1].contains("// cannot fire:")
                sites.append(Site(file: file, line: index + 1, text: line.trimmingCharacters(in: .whitespaces), isJustified: justified))
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
    /// Sources/ may call the APIs that do.
    @Test func sourcesNeverRunProgramsOrOpenSockets() throws {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        let forbidden = [try Regex(#"\bProcess\("#), try Regex(#"\b(system|popen|execv|execvp|posix_spawn|fork)\("#),
                         try Regex(#"\b(socket|connect|URLSession|URLRequest)\b"#)]
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.code(of: String(line))
                for pattern in forbidden where code.contains(pattern) {
                    Issue.record("\(file):\(index + 1) runs a program or opens a socket: \(line)")
                }
            }
        }
    }

    @Test func theAuditFindsTrapsWhenTheyArePresent() {
        // The scanner must see through neither strings nor comments, but must see real code.
        #expect(Self.code(of: #"let x = y!  // y!"#).contains("y!"))
        #expect(!Self.code(of: #"let message = "wow!""#).contains("wow!"))
        #expect(!Self.code(of: "// value! in a comment").contains("value!"))
        #expect(Self.code(of: "if a != b {}").contains("!="))
    }
}
