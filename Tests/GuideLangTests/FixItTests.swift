import Foundation
import GuideIR
import GuideLang
import Testing

/// A fix-it mends what it fixes: applied alone to the input of every code's example and of every
/// further scenario in Fixtures/diagnostics/, the diagnostic it came with is gone and no error
/// appears that the input did not have (a fix-it once turned `tit!le` into a new error, `titnot`,
/// and one broke a line after `"""` into GL0007).
/// Lint's and the formatter's codes are left out: their fix-its are checked by their own tests.
struct FixItTests {
    /// One input: its files, the first the one compiled, as `DiagnosticDocument` holds them.
    struct Input: CustomStringConvertible {
        var name: String
        var files: [DiagnosticDocument.File]
        var description: String { name }
    }

    /// Inputs whose fix-its may leave a diagnostic like theirs, and why.
    static let expectedToLeaveOne: [String: String] = [
        // `[[inbox]]`: removing the outer pair leaves the inner one, reported at the same place.
        "GL0109-brackets-around-a-list.guide": "nested brackets",
    ]

    /// Inputs with several mistakes in one place, where fixing one lets the checker read what it
    /// hid, and why: the error that appears was in the input all along.
    static let unmaskingInputs: [String: String] = [
        // A misnamed property's value is read once its name is right: `true` for `overlay-tap`.
        "GL0301-other-libraries-control-names.guide": "the value of a misnamed property",
        // With the repeat gone, the step's one trigger is checked: it waits with no way out.
        "GL0302-advance-listed-twice.guide": "the step's remaining trigger",
    ]

    /// Every code's example (checker codes only) and every `.guide` scenario on disk beside them.
    static let inputs: [Input] = {
        var inputs = DiagnosticDocument.all.filter { document in
            guard let code = DiagnosticCode.named(document.id) else { return false }
            return !code.isReportedByLint && !document.id.hasPrefix("GL09") && !document.id.hasPrefix("GL13")
        }.map { Input(name: $0.stem + ".guide", files: $0.example) }
        let folder = TestSupport.fixtures.appendingPathComponent("diagnostics")
        for url in TestSupport.files(in: folder, withExtension: "guide") where !inputs.contains(where: { $0.name == url.lastPathComponent }) {
            guard let bytes = try? [UInt8](Data(contentsOf: url)) else { continue }
            inputs.append(Input(name: url.lastPathComponent, files: [.init(name: url.lastPathComponent, text: "", bytes: bytes)]))
        }
        return inputs
    }()

    /// The errors of a compilation (code and message, which say what is wrong wherever it is),
    /// and its diagnostics located in the first file.
    static func check(_ files: [DiagnosticDocument.File]) -> (errors: [String], inFirstFile: [Diagnostic]) {
        let compilation = ExampleSourceProvider.compile(files, base: TestSupport.fixtures.appendingPathComponent("diagnostics"))
        return (compilation.diagnostics.filter { $0.severity == .error }.map { "\($0.code.id) \($0.message)" },
                compilation.diagnostics.filter { $0.range.fileID == FileID(0) })
    }

    /// The inputs are there, and hold fix-its, so the test below cannot pass on nothing.
    @Test func theInputsHoldFixIts() {
        #expect(Self.inputs.count > 100)
        let fixIts = Self.inputs.reduce(0) { count, input in count + Self.check(input.files).inFirstFile.reduce(0) { $0 + $1.fixIts.count } }
        #expect(fixIts > 80, "only \(fixIts) fix-its")
    }

    @Test(arguments: inputs)
    func eachFixItMendsWhatItFixes(_ input: Input) throws {
        let before = Self.check(input.files)
        for diagnostic in before.inFirstFile {
            for fixIt in diagnostic.fixIts where fixIt.range.fileID == FileID(0) {
                var files = input.files
                let bytes = files[0].bytes
                files[0].bytes = Array(bytes[..<fixIt.range.start]) + Array(fixIt.replacement.utf8) + Array(bytes[fixIt.range.end...])
                let after = Self.check(files)
                // No error the input did not have: a fix that trades one mistake for another mends nothing.
                let new = Self.unmaskingInputs[input.name] == nil ? Set(after.errors).subtracting(before.errors) : []
                #expect(new.isEmpty && (Self.unmaskingInputs[input.name] != nil || after.errors.count <= before.errors.count),
                        "\(input.name): '\(fixIt.message)' for \(diagnostic.code.id) brought \(new.sorted())")
                let remains = after.inFirstFile.contains { $0.code == diagnostic.code && $0.message == diagnostic.message && $0.range.start == diagnostic.range.start }
                if Self.expectedToLeaveOne[input.name] == nil {
                    #expect(!remains, "\(input.name): '\(fixIt.message)' left \(diagnostic.code.id) \(diagnostic.message)")
                }
            }
        }
    }

    /// A fix-it inserts the line break its file writes: in a CRLF file, CRLF (a missing '}' is
    /// GL0103, whose fix-it inserts a line break and '}'), as `guidec fmt` keeps a file's style.
    @Test func aFixItInsertsTheFilesLineBreak() throws {
        for lineBreak in ["\r\n", "\n", "\r"] {
            let text = ["guide g {", "  title: \"G\"", "  screen s { target t { leading: 0  top: 0  size: 44 x 44 } }", ""]
                .joined(separator: lineBreak)
            let compilation = Compilation.compile(path: "unclosed.guide", text: text)
            let fix = try #require(compilation.diagnostics.first { $0.code.id == "GL0103" }?.fixIts.first)
            #expect(fix.replacement.contains(lineBreak), "\(Array(fix.replacement.utf8))")
            // No line break of another kind is inserted beside it.
            #expect(fix.replacement.replacingOccurrences(of: lineBreak, with: "").allSatisfy { $0 != "\n" && $0 != "\r" && $0 != "\r\n" },
                    "\(Array(fix.replacement.utf8))")
        }
    }
}
