import Foundation
import GuideIR
import GuideLang
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks the JSON that `guidec build` writes against docs/guide-ir.schema.json with an
/// independent validator: the Python `jsonschema` package (Draft 2020-12, format checking off).
///
/// The validator runs once per test, in one Python process, over every document. If `jsonschema`
/// is not importable, the test installs it into `.build/python-deps` with pip and uses it from
/// there, so `swift test` works on a fresh machine that has `python3` (and can reach PyPI).
@Suite("IR JSON schema validation", .serialized, .onAThreadOfItsOwn)
struct SchemaValidationTests {
    /// The schema is valid under the 2020-12 metaschema, and every example under
    /// Fixtures/examples plus a document compiled here from a built-in sample validate against it.
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
        let documents = examples + [
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

// MARK: - Paths

/// Where the schema and the example documents are, found from this file's path.
enum SchemaValidationPaths {
    /// The package root: this file is Tests/GuideLangTests/SchemaValidationTests.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let schema = repositoryRoot.appendingPathComponent("docs/guide-ir.schema.json")

    static let examplesFolder = repositoryRoot.appendingPathComponent("Tests/GuideLangTests/Fixtures/examples")

    /// Where pip installs `jsonschema` (and, for PreCommitHookTests, `pre-commit`) when the system
    /// Python lacks it.
    static let pythonDependencies = repositoryRoot.appendingPathComponent(".build/python-deps")

    /// Every `*.json` file under Fixtures/examples, in path order; empty when the folder is missing.
    static func exampleDocuments() throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: examplesFolder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return [] }
        guard let enumerator = FileManager.default.enumerator(at: examplesFolder, includingPropertiesForKeys: nil) else {
            return []
        }
        var documents: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            documents.append(url)
        }
        return documents.sorted { $0.path < $1.path }
    }
}

// MARK: - Scratch files

/// A private temporary folder for one test's documents, script and report.
struct SchemaValidationScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidec-schema-validation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes bytes to a file in the folder and returns its URL.
    func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

// MARK: - Python validator

/// What the validator script found.
struct SchemaValidationReport: Decodable {
    struct Document: Decodable {
        var path: String
        var errors: [String]
    }

    /// Problems with the schema itself (not JSON, wrong `$schema`, or invalid under the metaschema).
    var schemaErrors: [String]
    /// One entry per document, in the order given.
    var documents: [Document]
}

/// A setup or run failure of the validator, with what to do about it.
struct SchemaValidationFailure: Error, CustomStringConvertible, Sendable {
    var description: String
}

/// Finds or installs Python's `jsonschema` and runs the validation script.
enum SchemaValidationPython {
    /// The environment to run `python3` with so that `jsonschema` imports; set up once per test
    /// process (a `static let` is initialised once, even when tests run in parallel).
    static let environment: Result<[String: String], SchemaValidationFailure> = environment(
        importing: "from jsonschema import Draft202012Validator", installing: "jsonschema")

    /// An environment in which `python3 -c statement` succeeds: the inherited one if it already
    /// does, else the inherited one with `.build/python-deps` on `PYTHONPATH`, after installing
    /// `package` there with pip unless an earlier run did. PreCommitHookTests uses it for
    /// `pre-commit`.
    ///
    /// Installs are serialised, within this process and (with a lock file) across processes,
    /// because suites running in parallel share the folder, and pip's `--target` replaces shared
    /// top-level folders such as `bin`. The first install takes every package the suite uses
    /// (`allPackages`) in one pip run: one resolution instead of three, and no later install
    /// that replaces what an earlier one put there.
    static func environment(importing statement: String, installing package: String) -> Result<[String: String], SchemaValidationFailure> {
        let probe = ["-c", statement]
        let inherited = ProcessInfo.processInfo.environment
        if let result = try? runPython(probe, environment: inherited), result.status == 0 {
            return .success(inherited)
        }
        var withDependencies = inherited
        let dependencies = SchemaValidationPaths.pythonDependencies.path
        withDependencies["PYTHONPATH"] = [dependencies, inherited["PYTHONPATH"]].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: ":")
        return withInstallLock {
            // Installed by an earlier run, or by another suite or process while this one waited?
            if let result = try? runPython(probe, environment: withDependencies), result.status == 0 {
                return .success(withDependencies)
            }
            let install: (status: Int32, output: String)
            do {
                install = try runPython(
                    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", "--upgrade",
                     "--target", dependencies] + (allPackages.contains(package) ? allPackages : allPackages + [package]),
                    environment: inherited)
            } catch {
                return .failure(SchemaValidationFailure(description: "cannot run python3 (\(error)); install Python 3 to run this test"))
            }
            guard install.status == 0 else {
                return .failure(SchemaValidationFailure(description:
                    "python3 -m pip install --target \(dependencies) \(package) failed (exit \(install.status)):\n\(install.output)\n"
                        + "install it by hand with: python3 -m pip install \(package)"))
            }
            guard let check = try? runPython(probe, environment: withDependencies), check.status == 0 else {
                return .failure(SchemaValidationFailure(description:
                    "\(package) was installed into \(dependencies) but '\(statement)' still fails"))
            }
            return .success(withDependencies)
        }
    }

    /// Every package the tests install from PyPI: jsonschema, pre-commit, pygls's client, selenium and the TextMate port.
    static let allPackages = ["jsonschema", "pre-commit", "pygls==1.3.1", "selenium", "textmate-grammar-python==0.6.1"]

    private static let installLock = NSLock()

    /// Runs `body` holding the in-process lock and an exclusive `flock` on `.build/python-deps.lock`.
    private static func withInstallLock<T>(_ body: () -> T) -> T {
        installLock.lock()
        defer { installLock.unlock() }
        let folder = SchemaValidationPaths.pythonDependencies.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(SchemaValidationPaths.pythonDependencies.path + ".lock", O_CREAT | O_RDWR, 0o644)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
        defer {
            if descriptor >= 0 {
                _ = flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        return body()
    }

    /// Validates the schema against the metaschema and then every document, in one Python process.
    /// Other suites pass their own `schema` and a `script` taking the same arguments
    /// (REPORT SCHEMA DOCUMENT...) and writing the same report.
    static func validate(
        _ documents: [URL], environment: [String: String], scratch: SchemaValidationScratchFolder,
        schema: URL = SchemaValidationPaths.schema, script scriptText: String = validatorScript
    ) throws -> SchemaValidationReport {
        let script = try scratch.write(Array(scriptText.utf8), named: "validate.py")
        let reportFile = scratch.url.appendingPathComponent("report.json")
        let result = try runPython(
            [script.path, reportFile.path, schema.path] + documents.map(\.path),
            environment: environment)
        guard result.status == 0, let data = try? Data(contentsOf: reportFile) else {
            throw SchemaValidationFailure(description: "the validator failed (exit \(result.status)):\n\(result.output)")
        }
        do {
            return try JSONDecoder().decode(SchemaValidationReport.self, from: data)
        } catch {
            throw SchemaValidationFailure(description: "cannot read the validator's report: \(error)\n\(result.output)")
        }
    }

    /// Runs `python3 arguments...`; returns the exit status and everything it printed. Output goes
    /// to a file rather than a pipe, so a chatty process can never block on a full pipe.
    static func runPython(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidec-schema-validation-output-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw SchemaValidationFailure(description: "cannot create \(outputFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, text)
    }

    /// The validator. Arguments: REPORT SCHEMA DOCUMENT...; writes a JSON report to REPORT and
    /// exits 0 whenever it could write one (invalid documents are reported, not signalled).
    static let validatorScript = #"""
        import json
        import sys

        from jsonschema import Draft202012Validator

        DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


        \#(SchemaValidationPython.strictLoader)


        def shorten(text, limit=400):
            return text if len(text) <= limit else text[:limit] + "..."


        def location(error):
            return "/" + "/".join(str(part) for part in error.absolute_path)


        def problems(error):
            """(location, message) pairs for an error; for an anyOf/oneOf failure, the innermost
            problems of the branches that could have matched (those whose `kind` and type fit)."""
            if not error.context:
                return [(location(error), shorten(error.message))]
            branches = {}
            for sub in error.context:
                branch = sub.relative_schema_path[0] if sub.relative_schema_path else None
                branches.setdefault(branch, []).append(sub)

            def kind_mismatch(errors):
                return [e for e in errors if e.validator == "const" and list(e.relative_path) == ["kind"]]

            def type_mismatch(errors):
                return any(e.validator == "type" and not e.relative_path for e in errors)

            candidates = [errors for errors in branches.values()
                          if not kind_mismatch(errors) and not type_mismatch(errors)]
            if not candidates:
                kinds = [kind_mismatch(errors) for errors in branches.values()]
                if all(kinds):
                    expected = ", ".join(repr(found[0].validator_value) for found in kinds)
                    return [(location(kinds[0][0]), "%r is not one of the kinds %s" % (kinds[0][0].instance, expected))]
                candidates = list(branches.values())
            found = []
            for errors in candidates:
                for sub in errors:
                    found.extend(problems(sub))
            return found


        def describe(error):
            details = ["%s: %s" % problem for problem in problems(error)]
            return "; ".join(dict.fromkeys(details))


        def main():
            report_path, schema_path = sys.argv[1], sys.argv[2]
            document_paths = sys.argv[3:]
            report = {"schemaErrors": [], "documents": []}
            try:
                schema = load(schema_path)
            except Exception as error:
                report["schemaErrors"].append("cannot read %s: %s" % (schema_path, error))
                schema = None
            if schema is not None:
                if not isinstance(schema, dict) or schema.get("$schema") != DRAFT_2020_12:
                    report["schemaErrors"].append("$schema must be %s" % DRAFT_2020_12)
                metaschema = Draft202012Validator(Draft202012Validator.META_SCHEMA)
                report["schemaErrors"] += [describe(error) for error in metaschema.iter_errors(schema)]
            if not report["schemaErrors"]:
                validator = Draft202012Validator(schema, format_checker=None)
                for path in document_paths:
                    try:
                        document = load(path)
                    except Exception as error:
                        errors = ["not a JSON document: %s" % error]
                    else:
                        found = sorted(validator.iter_errors(document),
                                       key=lambda error: [str(part) for part in error.absolute_path])
                        errors = [describe(error) for error in found]
                    report["documents"].append({"path": path, "errors": errors})
            with open(report_path, "w", encoding="utf-8") as handle:
                json.dump(report, handle)


        main()
        """#
}

// MARK: - The built-in sample

/// A program that reaches every branch of the IR: localised and literal text, pages with and
/// without buttons, every shape, flip, advance and missing-target kind, constraint and absolute
/// frames, scroll containers, and every kind of show rule.
enum SchemaValidationSample {
    static let source = #"""
        strings {
          default: en
          locale en {
            "intro.title": "Welcome"
            "intro.page.title": "Pay easily"
            "intro.page.body": "Tap to pay anywhere."
            "button.skip": "Skip it"
            "button.done": "Let's go"
            "tour.title": "Your home"
            "tour.progress": "{current} of {total}"
            "tour.next": "Next"
          }
          locale fr {
            "intro.title": "Bienvenue"
            "intro.page.title": "Payer facilement"
            "intro.page.body": "Touchez pour payer partout."
            "button.skip": "Passer"
            "button.done": "C'est parti"
            "tour.title": "Votre accueil"
            "tour.progress": "{current} sur {total}"
            "tour.next": "Suivant"
          }
        }

        style night-page {
          background: #5050CF, dark: #101030
          text-color: #FFF, dark: #EEEEEE80
        }

        style bubble {
          tip-background: #323232, dark: #FAFAFA
          text-color: #FFFFFF
          corner-radius: 4
          max-width: 280
        }

        guide intro {
          title: key("intro.title")
          show: once
          pages {
            style: night-page
            title-font: title1 bold "Avenir Next"
            body-font: 15 light
            buttons { skip: key("button.skip")  next: none  done: key("button.done")  close: "Close" }
            page one { image: "screen1"  title: key("intro.page.title")  body: key("intro.page.body") }
            page two { body: "Just a body\nwith \"quotes\" and 摇出美食"  background: #7EBA64 }
            page three { image: "screen3" }
          }
        }

        guide spotlight {
          title: "Tour"
          show: times(3)
          delay: 2s
          when: "opened-settings" >= 3, "launches" > 1
          after: intro

          screen home {
            target login  { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
            target signup { trailing: 24 safe  width: 44  top: 10%  height: 5% safe  id: "home.signup" }
            target middle { center-x: 50%  width: 100  center-y: 50% safe  height: 40 }
            target logo   { frame: rect(20, 100, 85, 85) }
            target list   { leading: 0  trailing: 0  top: 200  height: 120  scrolls: horizontal  id: "home.list" }
            target card   { in: list  scroll-anchor: center  leading: 300  size: 100 x 100  top: 210 }
            target rows   { leading: 0  width: 100%  top: 330  bottom: 0 safe  scrolls: vertical }
            target row    { in: rows  leading: 0  trailing: 0  top: 900  height: 44 }
            target half   { leading: 16 safe  trailing: 50% + 12.5 safe  top: 40  height: 10% - 4 }
          }

          tour main on home {
            overlay: #000000 @ 80%, dark: #212121 @ 0.5
            progress: key("tour.progress")
            style: bubble
            step welcome { placement: center  title: "Hello"  body: "No target"  advance: after 0s  overlay: none }
            step login  { highlight: login  title: key("tour.title")  shape: auto  advance: tap anywhere  flip: auto }
            step signup { highlight: signup  body: "Sign up"  shape: auto(threshold: 0.5, radius: 4)  advance: tap target  flip: none  missing: end }
            step logo   { highlight: logo  title: "Logo"  shape: circle  advance: button key("tour.next")  flip: within(150)  missing: wait 2s }
            step middle { highlight: middle, login  title: "Two"  shape: circle(42.5)  advance: after 3s  missing: skip  placement: below  alignment: leading  align-to: screen }
            step card   { highlight: card  title: "Card"  shape: rect  advance: button "Next"  placement: above  image: "arrow" }
            step row    { highlight: row  title: "Row"  shape: rounded(8)  placement: leading  gap: 0  padding: 0  missing: wait 300ms
                          advance: tap target, event("row-opened", timeout: 5s, then: end), event("row-swiped")  target-taps: pass
                          back: "Back"  skip: key("button.skip")  close: "Close"  overlay-tap: end
                          action open-settings { label: "Settings"  url: "app-settings:"  then: next }
                          action later { label: "Later"  then: end } }
            step list   { done: key("button.done")  highlight: list, rows  title: "Lists"  shape: capsule  tip-background: none  progress: none  overlay: #323232CC @ 0%  title-font: headline  body-font: caption2 black "Menlo" }
          }
        }

        guide always-on {
          title: "Always"
          show: always(key: "always.key", version: 3)
          pages {
            indicator: none
            page only { title: "Only" }
          }
        }
        """#

    /// Text the pretty-printed output must contain for the sample to cover every union branch.
    static let expectedMarkers = [
        #""kind": "constraints""#, #""kind": "absolute""#, #""unit": "fractionPlusPoints""#,
        #""kind": "auto""#, #""kind": "circle""#, #""kind": "rect""#, #""kind": "rounded""#, #""kind": "capsule""#,
        #""kind": "none""#, #""kind": "within""#,
        #""kind": "tapAnywhere""#, #""kind": "tapTarget""#, #""kind": "button""#, #""kind": "after""#, #""kind": "event""#,
        #""timeout": null"#, #""then": "end""#, #""overlayTap": "end""#, #""targetTaps": "pass""#, #""url": null"#,
        #""url": "app-settings:""#, #""id": "open-settings""#, #""close": null"#,
        #""kind": "skip""#, #""kind": "end""#, #""kind": "wait""#,
        #""maxCount": null"#, #""pages": null"#, #""scroll": null"#, #""anchor": null"#, #""background": null"#,
        #""progress": null"#, #""next": null"#, #""darkOpacity": null"#, #""textStyle": null"#, #""overlay": null"#,
    ]

    /// Compiles the sample (also written to a temporary .guide file, as a build would read it)
    /// and returns its document, failing with the diagnostics if it does not compile.
    static func compile() throws -> GuideDocument {
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Array(source.utf8), named: "sample.guide")
        let text = try String(contentsOf: file, encoding: .utf8)
        let compilation = Compilation.compile(path: file.path, text: text)
        guard let document = compilation.document else {
            throw SchemaValidationFailure(description: "the built-in sample does not compile:\n"
                + compilation.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
        }
        return document
    }
}

// MARK: - Broken documents

/// One way to break a valid document, and a fragment the validator's message should contain.
struct SchemaValidationMutation {
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    var name: String
    var path: [PathComponent]
    /// The new value, or nil to remove the key.
    var value: Any?
    var expectedMessageFragment: String?

    /// The mutations the negative test applies (computed: the values are not Sendable).
    static var all: [SchemaValidationMutation] {
        [
            .init(name: "a three-digit colour",
                  path: [.key("guides"), .index(0), .key("pages"), .key("pages"), .index(0), .key("background"), .key("light")],
                  value: "#FFF", expectedMessageFragment: "#FFF"),
            .init(name: "a missing required key",
                  path: [.key("guides"), .index(0), .key("show")], value: nil, expectedMessageFragment: "'show' is a required property"),
            .init(name: "an unknown kind",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(1), .key("shape"), .key("kind")],
                  value: "star", expectedMessageFragment: nil),
            .init(name: "another format version", path: [.key("version")], value: 1, expectedMessageFragment: "2 was expected"),
            .init(name: "an unknown property", path: [.key("extra")], value: "x", expectedMessageFragment: "'extra'"),
            .init(name: "a fraction plus points without its points",
                  path: [.key("guides"), .index(1), .key("screens"), .index(0), .key("targets"), .index(8), .key("frame"),
                         .key("horizontal"), .index(1), .key("points")],
                  value: nil, expectedMessageFragment: "'points' is a required property"),
            .init(name: "points on a plain fraction",
                  path: [.key("guides"), .index(1), .key("screens"), .index(0), .key("targets"), .index(8), .key("frame"),
                         .key("horizontal"), .index(1), .key("unit")],
                  value: "fraction", expectedMessageFragment: nil),
            .init(name: "an opacity above 1",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(1), .key("overlay"), .key("opacity")],
                  value: 1.5, expectedMessageFragment: "maximum"),
            .init(name: "an action named after a control",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("actions"), .index(0), .key("id")],
                  value: "skip", expectedMessageFragment: nil),
            .init(name: "an event timeout with no then",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("advance"), .index(1), .key("then")],
                  value: NSNull(), expectedMessageFragment: nil),
            .init(name: "an unknown overlay tap",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("overlayTap")],
                  value: "explode", expectedMessageFragment: "'explode' is not one of"),
            .init(name: "no way forward",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("advance")],
                  value: [Any](), expectedMessageFragment: nil),
        ]
    }

    /// A copy of `json` with this mutation applied.
    func apply(to json: Any) throws -> Any {
        try Self.replace(in: json, at: path[...], with: value, name: name)
    }

    private static func replace(in json: Any, at path: ArraySlice<PathComponent>, with value: Any?, name: String) throws -> Any {
        guard let first = path.first else { return value ?? NSNull() }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            guard var object = json as? [String: Any] else {
                throw SchemaValidationFailure(description: "\(name): expected an object at '\(key)'")
            }
            if rest.isEmpty {
                object[key] = value
            } else {
                guard let child = object[key] else { throw SchemaValidationFailure(description: "\(name): no key '\(key)'") }
                object[key] = try replace(in: child, at: rest, with: value, name: name)
            }
            return object
        case .index(let index):
            guard var array = json as? [Any], array.indices.contains(index) else {
                throw SchemaValidationFailure(description: "\(name): no element \(index)")
            }
            array[index] = try replace(in: array[index], at: rest, with: value, name: name)
            return array
        }
    }
}

extension SchemaValidationPython {
    /// Python shared by the validator scripts: a JSON loader that rejects duplicate keys and
    /// NaN/Infinity, which Python's json module would otherwise accept silently.
    static let strictLoader = #"""
def strict_object(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise ValueError("duplicate key %r" % key)
        result[key] = value
    return result


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle, object_pairs_hook=strict_object, parse_constant=reject_constant)
"""#
}
