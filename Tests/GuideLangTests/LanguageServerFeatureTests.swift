import Foundation
import GuideIR
import GuideLayout
import Testing
@testable import GuideLang
@testable import GuidePreview

/// What signature help, the hover picture and the fuzz target rest on, checked against the code
/// they describe: every call's parameter names are the labels the checker takes, the picture is
/// base64 of the SVG the preview draws, and the fuzz dictionary names every method the server
/// answers.
struct LanguageServerFeatureTests {
    /// A program holding `call` in the property that takes it.
    static func program(_ signature: CallSignature, call: String) -> String {
        let stepProperty = switch signature.property {
        case "advance": "advance: \(call)"
        case "shape": "shape: \(call)"
        case "flip": "flip: \(call)"
        default: ""
        }
        return """
            screen s { target a { \(signature.property == "frame" ? "frame: \(call)" : "leading: 16 safe  top: 100 safe  size: 44 x 44") } }
            guide g {
              title: "t"
              \(signature.property == "show" ? "show: \(call)" : "")
              tour t on s { step one { highlight: a  title: "One"  \(stepProperty) } }
            }
            """
    }

    @Test(arguments: CallSignature.all.values.filter(\.takesLabels).map(\.name).sorted())
    func everyParameterIsALabelTheCheckerTakes(name: String) throws {
        let signature = try #require(CallSignature.all[name])
        let arguments = signature.parameters.map { "\($0.name): 1" }.joined(separator: ", ")
        let text = Self.program(signature, call: "\(signature.name)(\(arguments))")
        let compilation = Compilation.compile(roots: [SourceFile(path: "main.guide", text: text)], provider: nil)
        let unknown = compilation.diagnostics.filter { $0.message.contains("has no argument") || $0.message.contains("takes at most") }
        #expect(unknown.isEmpty, "\(signature.name): \(unknown.map(\.message))")
        // And a label it does not take is refused, so the test can fail.
        let wrong = Compilation.compile(roots: [SourceFile(path: "main.guide", text: Self.program(signature, call: "\(signature.name)(nonsense: 1)"))], provider: nil)
        #expect(wrong.diagnostics.contains { $0.message.contains("has no argument 'nonsense'") }, "\(signature.name)")
    }

    @Test func eachParameterOffsetIsItsLabelInTheSignature() {
        for signature in CallSignature.all.values {
            let label = Array(signature.label.utf8)
            for (offsets, text) in zip(signature.parameterOffsets, signature.parameterLabels) {
                #expect(String(decoding: label[offsets.start..<offsets.end], as: UTF8.self) == text, "\(signature.label)")
            }
        }
    }

    @Test(arguments: ["", "f", "fo", "foo", "foob", "fooba", "foobar", "é😀\u{0}"])
    func base64IsRFC4648(text: String) {
        let expected = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
                        "é😀\u{0}": "w6nwn5iAAA=="]
        #expect(Base64.encoded(Array(text.utf8)) == expected[text])
    }

    /// The picture is the step's scene on the screen, scaled down whole (its time is measured
    /// in docs/performance.md, not here: this machine's timings are too noisy to assert).
    @Test func theHoverPictureIsTheStepsSceneScaled() throws {
        let text = Self.program(CallSignature.all["once"]!, call: "once(key: \"k\")")
        let compilation = Compilation.compile(roots: [SourceFile(path: "main.guide", text: text)], provider: nil)
        let guide = try #require(compilation.loweredGuides.guides.first)
        let screen = try #require(DeviceCatalog.device(id: "iphone-se-3")?.screen(.portrait))
        let svg = StepThumbnail.hoverPicture(of: guide, tourIndex: 0, stepIndex: 0, on: screen)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"180\" height=\"320.16\" viewBox=\"0 0 375 667\">"))
        #expect(svg.contains("data-name=\"a\""), "the target is drawn")
        #expect(StepThumbnail.hoverPicture(of: guide, tourIndex: 1, stepIndex: 0, on: screen).isEmpty)
    }

    @Test func theFuzzDictionaryNamesEveryMethodTheServerAnswers() throws {
        let server = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Sources/GuideLang/LanguageServer/LanguageServer.swift"), encoding: .utf8)
        let dictionary = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Fuzz/lsp.dict"), encoding: .utf8)
        // Every `case "textDocument/...":` and `case "workspace/...":` of the dispatch.
        let methods = server.components(separatedBy: "case \"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
            .filter { $0.hasPrefix("textDocument/") || $0.hasPrefix("workspace/") }
        #expect(methods.contains("textDocument/inlayHint") && methods.contains("textDocument/signatureHelp"))
        for method in Set(methods) { #expect(dictionary.contains("\"\\\"\(method)\\\"\""), "Fuzz/lsp.dict lacks \(method)") }
    }

    /// Completion offers nothing inside a string or a comment, as the lexer reads them: across
    /// the lines of a block comment and a multi-line string, past an escaped quote or an escaped
    /// backslash, and in a string not closed yet; and offers again right after either ends.
    @Test func completionKnowsStringsAndCommentsAsTheLexerDoes() {
        let text = #"""
            guide g { // a comment
              title: "a \" // b"  subtitle: "c \\"  x
              /* block
                 title */ y
              body: """
                text
                """
              caption: “Hi”  note: “Yo
              label: "Hel
            }
            """#
        let source = SourceFile(path: "a.guide", text: text)
        let tokens = Parser.parse(source).tokens
        // The offset just after the first `marker`, or before it when `before` is set.
        func at(_ marker: String, before: Bool = false) -> Int {
            let range = text.utf8.ranges(of: marker.utf8).first!
            return text.utf8.distance(from: text.utf8.startIndex, to: before ? range.lowerBound : range.upperBound)
        }
        let inside = [("// a co", false), ("a comment", false), ("\"a \\\" //", false), ("   title", false),
                      ("    tex", false), ("\"Hel", false), ("“Y", false)]
        for (marker, before) in inside {
            #expect(LanguageServer.isInStringOrComment(at(marker, before: before), tokens: tokens, of: source), "inside: \(marker)")
        }
        let outside = [("guide", false), ("// a", true), ("// b\"", false), ("\\\\\"", false), ("*/", false), ("body", false),
                       ("  title", false), ("Hi”", false)]
        for (marker, before) in outside {
            #expect(!LanguageServer.isInStringOrComment(at(marker, before: before), tokens: tokens, of: source), "outside: \(marker)")
        }
    }

    /// Signature help's active parameter is the slot the next argument fills, as the checker
    /// assigns slots; none (the parameter count) once that slot is given already.
    @Test func activeParameterIsTheSlotLeftToFill() throws {
        let cases: [(call: String, active: Int)] = [
            ("once(", 0), ("once(key: \"k\", ", 1), ("times(3, ", 1), ("times(3, version: 2, ", 3),
            ("once(version: 2, key: \"k\", ", 2), ("once(key: \"a\", key: \"b\"", 2), ("once(colour: 1, ", 2),
        ]
        for (call, active) in cases {
            let text = "guide g {\n  show: \(call)"
            let source = SourceFile(path: "a.guide", text: text)
            let tokens = Lexer.tokenize(source, fileID: FileID(0)).tokens
            let found = try #require(LanguageServer.call(at: text.utf8.count, in: tokens, of: source), "no call at the end of \(call)")
            #expect(found.1 == active, "\(call)")
        }
    }
}
