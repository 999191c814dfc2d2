import Foundation
import GuideLang
import Testing

/// Findings silenced by an `allow` in a guide or by `--allow` are results with `suppressions`
/// in SARIF (`inSource` with the `allow`'s reason and place, `external` for the option), valid
/// under the official schema, and absent from every other format.
@Suite("CI formats: suppressed findings in SARIF", .serialized, .onAThreadOfItsOwn)
struct CIFormatSuppressionTests {
    static let folder = CIFormatTests.folder
    static let arguments = ["lint", "--device", "iphone-se-3", "--orientation", "portrait", "--allow", "GL0801",
                            "--allow", "GL1002", "suppressions.guide"]

    /// `guidec lint --format sarif` with the fixture's arguments, its tool version replaced by the
    /// fixed test version so the golden does not change with every release.
    static func sarif() throws -> String {
        let run = try CommandLineTests.run(arguments + ["--format", "sarif"], directory: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.replacingOccurrences(
            of: "\"version\": \"\(GuidecVersion.current)\"", with: "\"version\": \"\(CIFormatTests.toolVersion)\"")
    }

    @Test func suppressedFindingsMatchTheGolden() throws {
        TestSupport.assertGolden(try Self.sarif(), Self.folder.appendingPathComponent("suppressions.sarif"))
    }

    /// Each finding's suppressions say where they come from: the style's `allow` with its reason,
    /// the target's without one, `--allow` as external, and both for a finding both silence; the
    /// one finding nothing silences has none.
    @Test func eachResultSaysWhatSuppressedIt() throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(try Self.sarif().utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let summary = results.map { result -> String in
            let suppressions = (result["suppressions"] as? [[String: Any]] ?? []).map { suppression in
                let kind = suppression["kind"] as? String ?? "?"
                let justification = (suppression["justification"] as? String).map { " \"\($0)\"" } ?? ""
                let place = ((suppression["location"] as? [String: Any])?["physicalLocation"] as? [String: Any])
                    .flatMap { ($0["region"] as? [String: Any])?["startLine"] as? Int }.map { " line \($0)" } ?? ""
                return kind + justification + place
            }
            return "\(result["ruleId"] as? String ?? "?"): " + (suppressions.isEmpty ? "reported" : suppressions.joined(separator: ", "))
        }
        #expect(summary == [
            "GL0801: external",
            "GL1002: inSource line 9, external",
            "GL1007: inSource \"our toolbar buttons are 30 pt, as the system's are\" line 4",
            "GL1007: reported",
        ], "\(summary)")
    }

    /// The log validates under the official SARIF 2.1.0 schema with the real validator.
    @Test func suppressedFindingsAreValidSARIF() throws {
        let environment = try SchemaValidationPython.environment.get()
        let scratch = try SchemaValidationScratchFolder()
        defer { scratch.remove() }
        let document = try scratch.write(Array(try Self.sarif().utf8), named: "suppressions.sarif")
        let report = try SchemaValidationPython.validate(
            [document], environment: environment, scratch: scratch, schema: CIFormatTests.schema, script: CIFormatSchemaScript.text)
        try #require(report.schemaErrors.isEmpty, Comment(rawValue: report.schemaErrors.joined(separator: "\n")))
        try #require(report.documents.count == 1, "the validator did not report on the log")
        #expect(report.documents[0].errors.isEmpty, Comment(rawValue: report.documents[0].errors.joined(separator: "\n")))
    }

    /// Every other format shows only what is reported: the suppressed findings are not in text,
    /// short, JSON lines or GitHub annotations, and the summary counts only the one reported.
    @Test func otherFormatsLeaveSuppressedFindingsOut() throws {
        for format in ["text", "short", "json", "github"] {
            let run = try CommandLineTests.run(Self.arguments + ["--format", format], directory: Self.folder)
            let output = run.standardOutput + run.standardError
            #expect(run.status == 0, "\(format): \(output)")
            #expect(output.contains("GL1007"), "\(format): the reported finding is missing: \(output)")
            for code in ["GL1002", "GL0801"] { #expect(!output.contains(code), "\(format) shows the suppressed \(code): \(output)") }
            #expect(!output.contains("step 'close'"), "\(format) shows the suppressed GL1007: \(output)")
        }
    }
}
