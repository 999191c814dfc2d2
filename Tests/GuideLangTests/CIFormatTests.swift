import Foundation
import GuideIR
import GuideLang
import Testing

/// The CI formats: SARIF 2.1.0 logs (checked against goldens and the official schema) and GitHub
/// Actions annotations (checked line by line for escaping, ranges and order).
@Suite("CI formats: SARIF and GitHub annotations")
struct CIFormatTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("formats")
    static let schema = folder.appendingPathComponent("sarif-schema-2.1.0.json")
    /// A fixed tool version, so the goldens do not change with every release.
    static let toolVersion = "0.0.0-test"

    // MARK: Goldens

    /// Small broken inputs (non-ASCII text, a label, a fix-it, a path with a space and an
    /// absolute path) rendered as one run, compared with their goldens.
    @Test func samplesMatchGoldens() throws {
        let run = CIFormatRun(CIFormatSamples.compileAll())
        // The samples must keep exercising what they are here for, or the goldens prove less.
        #expect(run.diagnostics.contains { !$0.labels.isEmpty }, "no sample diagnostic has a label")
        #expect(run.diagnostics.contains { !$0.fixIts.isEmpty }, "no sample diagnostic has a fix-it")
        #expect(run.diagnostics.contains { $0.severity == .warning }, "no sample diagnostic is a warning")
        #expect(run.diagnostics.contains { diagnostic in
            let file = run.file(diagnostic.range.fileID)
            let location = file.location(of: diagnostic.range.start)
            return location.column - 1 != diagnostic.range.start - file.lineStarts[location.line - 1]
        }, "no sample diagnostic sits after non-ASCII text")
        TestSupport.assertGolden(run.sarif(), Self.folder.appendingPathComponent("samples.sarif"))
        TestSupport.assertGolden(run.github(), Self.folder.appendingPathComponent("samples.github.txt"))
    }

    /// Every diagnostic fixture, compiled on its own the way `guidec check` does, rendered as one
    /// run (as a CI job checking all of them would), compared with its goldens.
    @Test func diagnosticFixturesMatchGoldens() throws {
        let run = try CIFormatRun.diagnosticFixtures()
        // Each fixture is named after the code it reports; all of those must reach the run.
        let reported = Set(run.diagnostics.map(\.code.id))
        for name in DiagnosticFixtureTests.names {
            let code = String(name.prefix(6))
            #expect(reported.contains(code), "\(name) no longer reports \(code)")
        }
        TestSupport.assertGolden(run.sarif(), Self.folder.appendingPathComponent("diagnostics.sarif"))
        TestSupport.assertGolden(run.github(), Self.folder.appendingPathComponent("diagnostics.github.txt"))
    }

    // MARK: SARIF schema

    /// The schema copied here is the official one, it is a valid schema, and every log this suite
    /// writes (including an empty one and one with odd paths) is valid under it.
    @Test func sarifLogsAreValidUnderTheOfficialSchema() throws {
        let environment = try SchemaValidationPython.environment.get()
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }
        let logs: [(name: String, bytes: [UInt8])] = [
            ("samples.sarif", CIFormatRun(CIFormatSamples.compileAll()).sarif()),
            ("fixtures.sarif", try CIFormatRun.diagnosticFixtures().sarif()),
            ("handmade.sarif", CIFormatHandmade.run().sarif()),
            ("edge-cases.sarif", CIFormatHandmade.edgeCases().sarif()),
            ("empty.sarif", CIFormatRun([]).sarif()),
        ]
        let documents = try logs.map { try folder.write($0.bytes, named: $0.name) }
        let report = try SchemaValidationPython.validate(
            documents, environment: environment, scratch: folder, schema: Self.schema, script: CIFormatSchemaScript.text)
        try #require(report.schemaErrors.isEmpty, Comment(rawValue:
            "the SARIF schema is not a valid schema:\n" + report.schemaErrors.joined(separator: "\n")))
        #expect(report.documents.map(\.path) == documents.map(\.path), "the validator did not report on every log")
        for result in report.documents where !result.errors.isEmpty {
            Issue.record(Comment(rawValue: "\(result.path) is not valid SARIF 2.1.0:\n" + result.errors.joined(separator: "\n")))
        }
    }

    /// Broken logs are rejected, so the validation above cannot pass vacuously (an empty schema,
    /// the wrong file, or a validator that accepts anything).
    @Test func brokenSARIFIsRejected() throws {
        let environment = try SchemaValidationPython.environment.get()
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }
        let log = CIFormatRun(CIFormatSamples.compileAll()).sarif()
        let original = try JSONSerialization.jsonObject(with: Data(log))
        let control = try folder.write(log, named: "control.sarif")
        var broken: [(mutation: SchemaValidationMutation, file: URL)] = []
        for (index, mutation) in CIFormatSchemaScript.mutations.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: try mutation.apply(to: original), options: [.prettyPrinted])
            broken.append((mutation, try folder.write(Array(data), named: "broken-\(index).sarif")))
        }
        let report = try SchemaValidationPython.validate(
            [control] + broken.map(\.file), environment: environment, scratch: folder, schema: Self.schema,
            script: CIFormatSchemaScript.text)
        try #require(report.schemaErrors.isEmpty, Comment(rawValue: report.schemaErrors.joined(separator: "\n")))
        try #require(report.documents.count == broken.count + 1, "the validator did not report on every log")
        #expect(report.documents[0].errors.isEmpty, Comment(rawValue:
            "the unmodified log should be valid:\n" + report.documents[0].errors.joined(separator: "\n")))
        for (result, (mutation, _)) in zip(report.documents.dropFirst(), broken) {
            #expect(!result.errors.isEmpty, "a log with \(mutation.name) was accepted")
            if let expected = mutation.expectedMessageFragment {
                #expect(result.errors.contains { $0.contains(expected) }, Comment(rawValue:
                    "\(mutation.name): expected an error mentioning \(expected), got:\n" + result.errors.joined(separator: "\n")))
            }
        }
    }

    // MARK: SARIF content

    /// Rules follow `DiagnosticCode.all`, results point at their rule and artifact by index, each
    /// file is listed once, and regions count columns in scalars and offsets in bytes.
    @Test func sarifIndicesRegionsAndURIsAreConsistent() throws {
        let run = CIFormatRun(CIFormatSamples.compileAll())
        let log = try CIFormatSARIFLog.decode(run.sarif())
        try #require(log.runs.count == 1)
        let sarif = log.runs[0]
        #expect(sarif.tool.driver.name == "guidec")
        #expect(sarif.tool.driver.version == Self.toolVersion)
        #expect(sarif.tool.driver.rules.map(\.id) == DiagnosticCode.all.map(\.id))
        #expect(sarif.tool.driver.rules.map(\.name) == DiagnosticCode.all.map(\.name))
        #expect(sarif.tool.driver.rules.map(\.defaultConfiguration.level) == DiagnosticCode.all.map(\.severity.rawValue))
        #expect(sarif.columnKind == "unicodeCodePoints")
        #expect(sarif.results.count == run.diagnostics.count)

        let uris = sarif.artifacts.map(\.location.uri)
        #expect(Set(uris).count == uris.count, "an artifact is listed twice: \(uris)")
        #expect(uris.contains("guides/caf%C3%A9%20tour.guide"), "\(uris)")
        #expect(uris.contains("file:///srv/walletoy/guides/warnings%20only.guide"), "\(uris)")
        for (result, diagnostic) in zip(sarif.results, run.diagnostics) {
            #expect(result.ruleId == diagnostic.code.id)
            #expect(sarif.tool.driver.rules[result.ruleIndex].id == result.ruleId)
            #expect(result.level == diagnostic.severity.rawValue)
            let location = result.locations[0].physicalLocation
            let file = run.file(diagnostic.range.fileID)
            #expect(sarif.artifacts[location.artifactLocation.index].location.uri == location.artifactLocation.uri)
            #expect(sarif.artifacts[location.artifactLocation.index].length == file.bytes.count)
            #expect(location.region.byteOffset == diagnostic.range.start)
            #expect(location.region.byteLength == diagnostic.range.end - diagnostic.range.start)
            #expect(result.relatedLocations.map { $0.message?.text ?? "" } == diagnostic.labels.map(\.message))
            #expect(result.fixes.map(\.description.text) == diagnostic.fixIts.map(\.message))
        }

        // '✨' after an emoji: columns count scalars, offsets count bytes, the end is exclusive.
        let sparkle = try #require(zip(sarif.results, run.diagnostics).first { $0.1.message.contains("✨") })
        let region = sparkle.0.locations[0].physicalLocation.region
        #expect([region.startLine, region.startColumn, region.endLine, region.endColumn] == [Int]([3, 38, 3, 39]))
        #expect(region.byteLength == 3)
        // The fix-it replaces 'placment' with 'placement'.
        let fixed = try #require(sarif.results.first { !$0.fixes.isEmpty })
        let replacement = fixed.fixes[0].artifactChanges[0].replacements[0]
        #expect(replacement.insertedContent.text == "placement")
        #expect(replacement.deletedRegion.endColumn - replacement.deletedRegion.startColumn == "placment".count)
    }

    /// Paths become URI references: relative ones stay relative with unsafe bytes
    /// percent-encoded, absolute ones become file URIs, and decoding gives the path back.
    @Test func pathsBecomeURIReferences() throws {
        let run = CIFormatHandmade.run()
        let log = try CIFormatSARIFLog.decode(run.sarif())
        let uris = log.runs[0].artifacts.map(\.location.uri)
        #expect(uris == [
            "odd,%20dir%3A%20100%25/tour%23one%3F.guide",
            "file:///tmp/a%20b/c:d.guide",
            "%3Cstdin%3E",
        ])
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@%")
        for (uri, file) in zip(uris, run.files) {
            #expect(uri.allSatisfy { allowed.contains($0) }, "\(uri) has a character a URI cannot hold")
            let path = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
            #expect(path.removingPercentEncoding == file.path)
        }
    }

    /// A file reached only through a label is listed; two IDs for one path share an artifact; an
    /// identical fix-it twice is one fix; a code outside the catalog gets a rule after the others.
    @Test func artifactsRulesAndFixesStayUnique() throws {
        let run = CIFormatHandmade.edgeCases()
        let sarif = try CIFormatSARIFLog.decode(run.sarif()).runs[0]
        #expect(sarif.artifacts.map(\.location.uri) == ["main.guide", "shared/other.guide"])
        try #require(sarif.results.count == 2)
        let duplicate = sarif.results[0]
        #expect(duplicate.locations[0].physicalLocation.artifactLocation.index == 0)
        #expect(duplicate.relatedLocations.map(\.physicalLocation.artifactLocation.index) == [1, 0])
        #expect(duplicate.relatedLocations.map(\.physicalLocation.artifactLocation.uri) == ["shared/other.guide", "main.guide"])
        #expect(duplicate.fixes.count == 1)
        let custom = sarif.results[1]
        #expect(sarif.tool.driver.rules.count == DiagnosticCode.all.count + 1)
        #expect(custom.ruleIndex == DiagnosticCode.all.count)
        #expect(sarif.tool.driver.rules[custom.ruleIndex].id == "GL9999")
        #expect(sarif.tool.driver.rules[custom.ruleIndex].defaultConfiguration.level == "note")
    }

    // MARK: GitHub annotations

    /// `%` is escaped in messages, and `:` and `,` too in property values; a message's own CR
    /// and LF are shown as `\r` and `\n` (docs/editor-and-ci.md section 5); notes and help
    /// become extra lines; a range over several lines has no columns; errors come first.
    @Test func githubAnnotationsEscapeAndOrder() throws {
        let run = CIFormatHandmade.run()
        let expected = [
            "::error file=odd%2C dir%3A 100%25/tour#one?.guide,line=2,endLine=2,col=3,endColumn=7,title=GL0301 unknown-property"
                + "::100%25 sure: a, b, c\\nand a second line\\rwith a CR%0Anote: notes: too, 50%25%0Ahelp: help, here",
            "::error file=odd%2C dir%3A 100%25/tour#one?.guide,line=1,endLine=1,col=1,endColumn=10,title=GL0201 duplicate-declaration"
                + "::a range that ends with its line break stays on its line",
            "::error file=<stdin>,line=1,endLine=1,col=5,endColumn=5,title=GL0102 expected-value::an empty range",
            "::warning file=odd%2C dir%3A 100%25/tour#one?.guide,line=1,endLine=3,title=GL0801 unused-target"
                + "::a range over three lines has no columns",
            "::warning file=/tmp/a b/c%3Ad.guide,line=1,endLine=1,col=10,endColumn=10,title=GL0802 unused-style"
                + "::after 'é' and '摇': columns count scalars",
            "::notice file=odd%2C dir%3A 100%25/tour#one?.guide,line=2,endLine=2,col=3,endColumn=3,title=GL0303 wrong-value-kind"
                + "::a note comes last",
        ]
        #expect(run.github().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""])
    }

    /// The same diagnostic in SARIF: columns are exclusive at the end there, so the range that
    /// ends with its line break ends at the start of the next line.
    @Test func sarifRegionsOfHandmadeDiagnostics() throws {
        let log = try CIFormatSARIFLog.decode(CIFormatHandmade.run().sarif())
        let regions = log.runs[0].results.map { result in
            let region = result.locations[0].physicalLocation.region
            return [region.startLine, region.startColumn, region.endLine, region.endColumn, region.byteOffset, region.byteLength]
        }
        // In input order: unknown property, unused target, line break, note, empty range, non-ASCII.
        #expect(regions == [
            [2, 3, 2, 8, 12, 5],
            [1, 1, 4, 1, 0, 25],
            [1, 1, 2, 1, 0, 10],
            [2, 3, 2, 3, 12, 0],
            [1, 5, 1, 5, 4, 0],
            [1, 10, 1, 11, 12, 1],
        ])
        #expect(log.runs[0].results[0].message.text == "100% sure: a, b, c\nand a second line\rwith a CR\nnote: notes: too, 50%\nhelp: help, here")
    }

    // MARK: Fingerprints

    /// Lines inserted above a diagnostic move it but keep its fingerprint; different diagnostics,
    /// and identical diagnostics on identical lines, get different fingerprints.
    @Test func fingerprintsSurviveInsertedLinesAndTellDiagnosticsApart() throws {
        let original = try CIFormatSARIFLog.decode(CIFormatRun([CIFormatSamples.fingerprint(prefix: "")]).sarif()).runs[0].results
        let moved = try CIFormatSARIFLog.decode(CIFormatRun([CIFormatSamples.fingerprint(
            prefix: "// Three lines\n// inserted\n\n")]).sarif()).runs[0].results
        try #require(original.count == 4, "the fingerprint sample reports \(original.map(\.ruleId))")
        try #require(moved.map(\.ruleId) == original.map(\.ruleId))
        for (before, after) in zip(original, moved) {
            #expect(after.locations[0].physicalLocation.region.startLine == before.locations[0].physicalLocation.region.startLine + 3)
            #expect(after.fingerprint == before.fingerprint, "\(before.ruleId): \(before.message.text)")
        }
        let fingerprints = original.map(\.fingerprint)
        #expect(Set(fingerprints).count == fingerprints.count, "fingerprints collide: \(fingerprints)")
        for fingerprint in fingerprints {
            let parts = fingerprint.split(separator: ":")
            #expect(parts.count == 2 && parts[0].count == 16 && parts[0].allSatisfy(\.isHexDigit) && parts[0] == parts[0].lowercased()
                        && Int(parts[1]) != nil, "malformed fingerprint \(fingerprint)")
        }
        // The two 'declared twice' results have the same message and line text: only the
        // occurrence counter tells them apart.
        let duplicates = zip(original, fingerprints).filter { $0.0.ruleId == DiagnosticCode.duplicateDeclaration.id }.map(\.1)
        try #require(duplicates.count == 2)
        #expect(duplicates[0].dropLast(2) == duplicates[1].dropLast(2))
        #expect(duplicates.map { $0.suffix(2) } == [":1", ":2"])
    }

    // MARK: Determinism

    /// Compiling and rendering twice gives the same bytes.
    @Test func outputIsDeterministic() throws {
        let first = CIFormatRun(CIFormatSamples.compileAll())
        let second = CIFormatRun(CIFormatSamples.compileAll())
        #expect(first.sarif() == second.sarif())
        #expect(first.sarif() == first.sarif())
        #expect(first.github() == second.github())
        let fixtures = try CIFormatRun.diagnosticFixtures()
        #expect(try fixtures.sarif() == CIFormatRun.diagnosticFixtures().sarif())
    }
}

// MARK: - Runs

/// The diagnostics of several compilations as one run, with file IDs renumbered into one table,
/// the way a CI job checking several independent files reports them together.
struct CIFormatRun {
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [SourceFile] = []

    init(_ compilations: [Compilation]) {
        for compilation in compilations {
            let base = files.count
            let moved = { (range: SourceRange) in
                SourceRange(fileID: FileID(range.fileID.index + base), start: range.start, end: range.end)
            }
            for var diagnostic in compilation.diagnostics {
                diagnostic.range = moved(diagnostic.range)
                diagnostic.labels = diagnostic.labels.map { Diagnostic.Label(moved($0.range), $0.message) }
                diagnostic.fixIts = diagnostic.fixIts.map {
                    Diagnostic.FixIt(range: moved($0.range), replacement: $0.replacement, message: $0.message)
                }
                diagnostics.append(diagnostic)
            }
            files += compilation.files
        }
    }

    init(diagnostics: [Diagnostic], files: [SourceFile]) {
        self.diagnostics = diagnostics
        self.files = files
    }

    /// Every fixture of Fixtures/diagnostics (the codes' examples among them), each compiled on its own.
    static func diagnosticFixtures() throws -> CIFormatRun {
        CIFormatRun(try DiagnosticFixtureTests.names.map { try DiagnosticFixtureTests.fixtures.compile($0) })
    }

    func file(_ id: FileID) -> SourceFile { files[id.index] }

    func sarif() -> [UInt8] { SARIFRenderer.render(diagnostics, files: file, toolVersion: CIFormatTests.toolVersion) }

    func github() -> String { GitHubAnnotationRenderer.render(diagnostics, files: file) }
}

// MARK: - Inputs

/// Small broken programs compiled from memory.
enum CIFormatSamples {
    /// Non-ASCII text before the problems, a label on the same line as the primary range, a fix-it,
    /// and a path with a space and an 'é'.
    static let nonASCII = (path: "guides/café tour.guide", text: #"""
        // Onboarding für Café Walletoy ☕
        guide walletoy {
          title: "Willkommen bei Walletoy 👋" ✨

          screen home {
            target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
          }

          tour spotlight on home {
            step login { highlight: login  title: "Anmelden – schnell" }  step login { highlight: login  title: "Zweimal" }
            step next { highlight: login  title: "Weiter"  placment: above }
          }
        }

        """#)

    /// Warnings only, with CRLF line ends, at an absolute path (which becomes a file URI).
    static let warnings = (path: "/srv/walletoy/guides/warnings only.guide", text: """
        style legacy {\r
          text-color: #FFFFFF\r
        }\r
        \r
        guide walletoy {\r
          title: "Welcome"\r
          screen home {\r
            target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }\r
            target help  { leading: 16 safe  width: 48%  top: 10 safe  height: 60 }\r
          }\r
          tour spotlight on home {\r
            step login { highlight: login  title: "Log in" }\r
          }\r
        }\r

        """)

    static func compileAll() -> [Compilation] {
        [nonASCII, warnings].map { Compilation.compile(path: $0.path, text: $0.text) }
    }

    /// Two unknown properties and two identical duplicate steps, after `prefix`.
    static func fingerprint(prefix: String) -> Compilation {
        Compilation.compile(path: "guides/fingerprint.guide", text: prefix + #"""
            guide walletoy {
              titel: "Welcome"
              screen home {
                target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
              }
              tour spotlight on home {
                step login { highlight: login  title: "Log in" }
                step login { highlight: login  title: "Log in" }
                step login { highlight: login  title: "Log in" }
                step next { highlight: login  body: "Next"  placment: above }
              }
            }

            """#)
    }
}

/// Diagnostics built by hand, for messages and ranges no compilation produces.
enum CIFormatHandmade {
    static func run() -> CIFormatRun {
        let odd = SourceFile(path: "odd, dir: 100%/tour#one?.guide", text: "guide a {\n  title: \"x\"\n}\n")
        let absolute = SourceFile(path: "/tmp/a b/c:d.guide", text: "style é摇 x {}\n")
        let standardInput = SourceFile(path: "<stdin>", text: "set:\n")
        let oddFile = FileID(0)
        let range = { (file: FileID, start: Int, end: Int) in SourceRange(fileID: file, start: start, end: end) }
        let diagnostics = [
            Diagnostic(.unknownProperty, at: range(oddFile, 12, 17), "100% sure: a, b, c\nand a second line\rwith a CR",
                       notes: ["notes: too, 50%"], help: ["help, here"]),
            Diagnostic(.unusedTarget, at: range(oddFile, 0, 25), "a range over three lines has no columns"),
            Diagnostic(.duplicateDeclaration, at: range(oddFile, 0, 10), "a range that ends with its line break stays on its line"),
            Diagnostic(.wrongValueKind, at: range(oddFile, 12, 12), "a note comes last", severity: .note),
            Diagnostic(.expectedValue, at: range(FileID(2), 4, 4), "an empty range"),
            Diagnostic(.unusedStyle, at: range(FileID(1), 12, 13), "after 'é' and '摇': columns count scalars"),
        ]
        return CIFormatRun(diagnostics: diagnostics, files: [odd, absolute, standardInput])
    }

    /// A label in a file nothing else mentions, a second file ID for an already listed path, a
    /// fix-it given twice, and a code that is not in `DiagnosticCode.all`.
    static func edgeCases() -> CIFormatRun {
        let text = "style a {}\nstyle a {}\n"
        let files = [
            SourceFile(path: "main.guide", text: text),
            SourceFile(path: "shared/other.guide", text: text),
            SourceFile(path: "main.guide", text: text),
        ]
        let name = { (file: Int, line: Int) in SourceRange(fileID: FileID(file), start: 6 + 11 * line, end: 7 + 11 * line) }
        let rename = Diagnostic.FixIt(range: name(0, 1), replacement: "b", message: "rename to 'b'")
        let diagnostics = [
            Diagnostic(.duplicateDeclaration, at: name(0, 1), "style 'a' is declared twice",
                       labels: [.init(name(1, 0), "declared in shared/other.guide"), .init(name(2, 0), "first declared here")],
                       fixIts: [rename, rename]),
            Diagnostic(DiagnosticCode("GL9999", .note, "custom-check"), at: name(0, 0), "a code outside the catalog"),
        ]
        return CIFormatRun(diagnostics: diagnostics, files: files)
    }
}

// MARK: - Reading SARIF back

/// The parts of a SARIF log the tests look at.
struct CIFormatSARIFLog: Decodable {
    struct Run: Decodable {
        var tool: Tool
        var columnKind: String
        var artifacts: [Artifact]
        var results: [Result]
    }

    struct Tool: Decodable {
        var driver: Driver
    }

    struct Driver: Decodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    struct Rule: Decodable {
        struct Configuration: Decodable { var level: String }
        var id: String
        var name: String
        var defaultConfiguration: Configuration
    }

    struct Artifact: Decodable {
        struct Location: Decodable { var uri: String }
        var location: Location
        var length: Int
    }

    struct Message: Decodable { var text: String }

    struct Region: Decodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
        var byteOffset: Int
        var byteLength: Int
    }

    struct ArtifactLocation: Decodable {
        var uri: String
        var index: Int
    }

    struct PhysicalLocation: Decodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct Location: Decodable {
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct Fix: Decodable {
        struct Change: Decodable {
            var artifactLocation: ArtifactLocation
            var replacements: [Replacement]
        }

        struct Replacement: Decodable {
            var deletedRegion: Region
            var insertedContent: Message
        }

        var description: Message
        var artifactChanges: [Change]
    }

    struct Result: Decodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]
        var fixes: [Fix]
        var partialFingerprints: [String: String]

        var fingerprint: String { partialFingerprints[SARIFRenderer.fingerprintKey] ?? "" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ruleId = try container.decode(String.self, forKey: .ruleId)
            ruleIndex = try container.decode(Int.self, forKey: .ruleIndex)
            level = try container.decode(String.self, forKey: .level)
            message = try container.decode(Message.self, forKey: .message)
            locations = try container.decode([Location].self, forKey: .locations)
            // Empty lists are left out of the log.
            relatedLocations = try container.decodeIfPresent([Location].self, forKey: .relatedLocations) ?? []
            fixes = try container.decodeIfPresent([Fix].self, forKey: .fixes) ?? []
            partialFingerprints = try container.decode([String: String].self, forKey: .partialFingerprints)
        }

        private enum CodingKeys: String, CodingKey {
            case ruleId, ruleIndex, level, message, locations, relatedLocations, fixes, partialFingerprints
        }
    }

    var version: String
    var runs: [Run]

    static func decode(_ bytes: [UInt8]) throws -> CIFormatSARIFLog {
        try JSONDecoder().decode(CIFormatSARIFLog.self, from: Data(bytes))
    }
}

// MARK: - Schema validation

/// The validator for SARIF logs, run through `SchemaValidationPython.validate`, and the ways the
/// negative test breaks a log.
///
/// The official SARIF 2.1.0 schema declares JSON Schema draft-04, so logs are validated with
/// `Draft4Validator`, and with `Draft7Validator` as well, so that the result does not depend on
/// which draft a consumer assumes.
enum CIFormatSchemaScript {
    static let text = #"""
        import json
        import sys

        from jsonschema import Draft4Validator, Draft7Validator

        DRAFT_04 = "http://json-schema.org/draft-04/schema#"
        VALIDATORS = [("draft-04", Draft4Validator), ("draft-07", Draft7Validator)]


        \#(SchemaValidationPython.strictLoader)


        def describe(draft, error):
            message = error.message if len(error.message) <= 400 else error.message[:400] + "..."
            return "%s /%s: %s" % (draft, "/".join(str(part) for part in error.absolute_path), message)


        def main():
            report_path, schema_path = sys.argv[1], sys.argv[2]
            report = {"schemaErrors": [], "documents": []}
            try:
                schema = load(schema_path)
            except Exception as error:
                report["schemaErrors"].append("cannot read %s: %s" % (schema_path, error))
                schema = None
            if schema is not None:
                if not isinstance(schema, dict) or schema.get("$schema") != DRAFT_04:
                    report["schemaErrors"].append("the SARIF 2.1.0 schema declares $schema %s" % DRAFT_04)
                elif not schema.get("id", "").endswith("/sarif-schema-2.1.0.json") or schema.get("properties", {}).get("version", {}).get("enum") != ["2.1.0"]:
                    report["schemaErrors"].append("this is not the SARIF 2.1.0 schema")
                for draft, validator_class in VALIDATORS:
                    metaschema = validator_class(validator_class.META_SCHEMA)
                    report["schemaErrors"] += [describe(draft, error) for error in metaschema.iter_errors(schema)]
            if not report["schemaErrors"]:
                validators = [(draft, validator_class(schema)) for draft, validator_class in VALIDATORS]
                for path in sys.argv[3:]:
                    try:
                        document = load(path)
                    except Exception as error:
                        errors = ["not a JSON document: %s" % error]
                    else:
                        errors = []
                        for draft, validator in validators:
                            found = sorted(validator.iter_errors(document),
                                           key=lambda error: [str(part) for part in error.absolute_path])
                            errors += [describe(draft, error) for error in found]
                    report["documents"].append({"path": path, "errors": errors})
            with open(report_path, "w", encoding="utf-8") as handle:
                json.dump(report, handle)


        main()
        """#

    /// Ways to break a valid log, each of which the schema must reject.
    static var mutations: [SchemaValidationMutation] {
        let result: [SchemaValidationMutation.PathComponent] = [.key("runs"), .index(0), .key("results"), .index(0)]
        let region = result + [.key("locations"), .index(0), .key("physicalLocation"), .key("region")]
        return [
            .init(name: "another SARIF version", path: [.key("version")], value: "2.0.0", expectedMessageFragment: "'2.0.0' is not one of"),
            .init(name: "a tool without a name", path: [.key("runs"), .index(0), .key("tool"), .key("driver"), .key("name")],
                  value: nil, expectedMessageFragment: "'name' is a required property"),
            .init(name: "an unknown level", path: result + [.key("level")], value: "fatal", expectedMessageFragment: "'fatal' is not one of"),
            .init(name: "a result without a message", path: result + [.key("message")], value: nil,
                  expectedMessageFragment: "'message' is a required property"),
            .init(name: "line 0", path: region + [.key("startLine")], value: 0, expectedMessageFragment: "less than the minimum"),
            .init(name: "an unknown result property", path: result + [.key("severity")], value: "error",
                  expectedMessageFragment: "Additional properties are not allowed"),
            .init(name: "an unknown column kind", path: [.key("runs"), .index(0), .key("columnKind")], value: "bytes",
                  expectedMessageFragment: "'bytes' is not one of"),
            .init(name: "a fingerprint that is not a string", path: result + [.key("partialFingerprints"), .key("other")],
                  value: 42, expectedMessageFragment: "42 is not of type 'string'"),
        ]
    }
}
