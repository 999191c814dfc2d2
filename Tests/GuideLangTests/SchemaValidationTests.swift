import Foundation
import GuideIR
import GuideLang
import Testing

/// Checks the JSON that `guidec build` writes against docs/guide-ir.schema.json with an
/// independent validator: the Python `jsonschema` package (Draft 2020-12, format checking off).
///
/// The validator runs once per test, in one Python process, over every document. If `jsonschema`
/// is not importable, the test installs it into `.build/python-deps` with pip and uses it from
/// there, so `swift test` works on a fresh machine that has `python3` (and can reach PyPI).
@Suite("IR JSON schema validation", .serialized, .onAThreadOfItsOwn)
struct SchemaValidationTests {
    /// The schema is valid under the 2020-12 metaschema, and every example under
    /// Fixtures/examples, every diagnostic code's examples that build, and a document compiled
    /// here from a built-in sample validate against it.
    @Test("the schema and every emitted document are valid")
    func schemaAndEmittedDocumentsAreValid() throws {
        let environment = try SchemaValidationPython.environment.get()
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }

        let document = try SchemaValidationSample.compile()
        let pretty = IRJSONEmitter.emit(document)
        let compact = IRJSONEmitter.emit(document, pretty: false)
        let prettyText = String(decoding: pretty, as: UTF8.self)
        // The sample must reach every tagged-union branch, or the check below proves less.
        for marker in SchemaValidationSample.expectedMarkers {
            #expect(prettyText.contains(marker), "the built-in sample no longer emits \(marker)")
        }

        let examples = try SchemaValidationPaths.exampleDocuments()
        // Every code's example and fixed example that builds (warnings allowed), as `guidec build`
        // writes it: a warning's program is a document an app will load (GL1109's group of one
        // guide once built to a document the schema refuses).
        var diagnosticsExamples: [URL] = []
        for document in DiagnosticDocument.all {
            let base = FixtureFolder(document.fixtureFolder).url
            for (variant, files) in [("example", document.example), ("fixed", document.fixed)] {
                let guides = files.filter { $0.name.hasSuffix(".guide") }
                guard !guides.isEmpty, let built = ExampleSourceProvider.compile(guides, base: base).document else { continue }
                diagnosticsExamples.append(try folder.write(IRJSONEmitter.emit(built), named: "\(document.stem)-\(variant).json"))
            }
        }
        #expect(diagnosticsExamples.count > 100, "the diagnostics' examples no longer build")
        let documents = examples + diagnosticsExamples + [
            try folder.write(pretty, named: "sample.json"),
            try folder.write(compact, named: "sample-compact.json"),
        ]
        let report = try SchemaValidationPython.validate(documents, environment: environment, scratch: folder)

        try #require(report.schemaErrors.isEmpty, Comment(rawValue:
            "docs/guide-ir.schema.json is not a valid Draft 2020-12 schema:\n" + report.schemaErrors.joined(separator: "\n")))
        #expect(report.documents.map(\.path) == documents.map(\.path), "the validator did not report on every document")
        for result in report.documents where !result.errors.isEmpty {
            Issue.record(Comment(rawValue:
                "\(result.path) does not match docs/guide-ir.schema.json:\n" + result.errors.joined(separator: "\n")))
        }
    }

    /// Deliberately broken documents are rejected, so the positive test cannot pass vacuously
    /// (for instance with an empty schema or a validator that accepts anything).
    @Test("broken documents are rejected")
    func brokenDocumentsAreRejected() throws {
        let environment = try SchemaValidationPython.environment.get()
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }

        let emitted = IRJSONEmitter.emit(try SchemaValidationSample.compile())
        let original = try JSONSerialization.jsonObject(with: Data(emitted))
        let control = try folder.write(emitted, named: "control.json")
        var broken: [(mutation: SchemaValidationMutation, file: URL)] = []
        for (index, mutation) in SchemaValidationMutation.all.enumerated() {
            let mutated = try mutation.apply(to: original)
            let data = try JSONSerialization.data(withJSONObject: mutated, options: [.prettyPrinted])
            broken.append((mutation, try folder.write(Array(data), named: "broken-\(index).json")))
        }

        let report = try SchemaValidationPython.validate([control] + broken.map(\.file), environment: environment, scratch: folder)
        try #require(report.schemaErrors.isEmpty, Comment(rawValue: report.schemaErrors.joined(separator: "\n")))
        try #require(report.documents.count == broken.count + 1, "the validator did not report on every document")

        let controlResult = report.documents[0]
        #expect(controlResult.errors.isEmpty, Comment(rawValue:
            "the unmodified document should be valid:\n" + controlResult.errors.joined(separator: "\n")))
        for (result, (mutation, _)) in zip(report.documents.dropFirst(), broken) {
            #expect(!result.errors.isEmpty, "a document with \(mutation.name) was accepted")
            if let expected = mutation.expectedMessageFragment {
                #expect(result.errors.contains { $0.contains(expected) },
                        Comment(rawValue: "\(mutation.name): expected an error mentioning \(expected), got:\n"
                            + result.errors.joined(separator: "\n")))
            }
        }
    }
}
