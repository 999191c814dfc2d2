import Foundation
import GuideIR
import GuideLang
import Testing

/// The CI formats: SARIF 2.1.0 logs (checked against goldens and the official schema) and GitHub
/// Actions annotations (checked line by line for escaping, ranges and order).
@Suite("CI formats: SARIF and GitHub annotations", .serialized, .onAThreadOfItsOwn)
struct CIFormatTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("formats")
    static let schema = folder.appendingPathComponent("sarif-schema-2.1.0.json")
    /// A fixed tool version, so the goldens do not change with every release.
    static let toolVersion = "0.0.0-test"
    /// Inputs a run could not read (one of them standard input, which has no path), as the
    /// command line hands them to the SARIF log.
    static let unreadInputs = [
        ToolNotification("cannot read 'missing dir/a.guide': no such file", path: "missing dir/a.guide"),
        ToolNotification("cannot read '<stdin>': standard input is closed"),
    ]

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
            ("unread-inputs.sarif", CIFormatRun(CIFormatSamples.compileAll()).sarif(notifications: Self.unreadInputs)),
            ("only-unread-inputs.sarif", CIFormatRun([]).sarif(notifications: Self.unreadInputs)),
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
