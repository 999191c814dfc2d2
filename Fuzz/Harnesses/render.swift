// Fuzz target `render`: compile (as in `check`), lint the lintable document on one screen, and
// render every diagnostic with DiagnosticRenderer (text with and without colour, short, JSON
// lines), SARIFRenderer and GitHubAnnotationRenderer.
// Invariants: no trap; ranges inside their files; every rendering ends with a newline; each JSON
// line and the SARIF log are valid JSON; every GitHub annotation is one `::` line.
import GuideIR
import GuideLang
import GuideLayout

let renderLintOptions: Linter.Options = {
    guard let phone = DeviceCatalog.device(id: "iphone-se-3") else { fatalError("fuzz setup: iphone-se-3 is missing") }
    return Linter.Options(screens: [phone.screen(.portrait)])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let compilation = fuzzCompile(fuzzBytes(data, size))
    var diagnostics = compilation.diagnostics
    diagnostics += Linter.lint(compilation.loweredGuides, options: renderLintOptions)
    checkDiagnostics(diagnostics, files: compilation.files)
    let files: (FileID) -> SourceFile = { compilation.file($0) }

    for (style, color) in [(DiagnosticRenderer.Style.text, false), (.text, true), (.short, false), (.json, false)] {
        let renderer = DiagnosticRenderer(style: style, usesColor: color, files: files)
        for diagnostic in diagnostics {
            let output = renderer.render(diagnostic)
            guard output.hasSuffix("\n") else { fuzzFail("\(style) rendering of \(diagnostic.code.id) does not end with a newline") }
            if style == .json {
                let line = Array(output.utf8.dropLast())
                guard !line.contains(0x0A) else { fuzzFail("JSON rendering of \(diagnostic.code.id) spans several lines") }
                checkJSON(line, what: "JSON line for \(diagnostic.code.id)")
            }
        }
        _ = renderer.summary(diagnostics)
    }

    let sarif = SARIFRenderer.render(diagnostics, files: files, toolVersion: GuidecVersion.current)
    guard isValidUTF8(sarif), sarif.last == 0x0A else { fuzzFail("SARIF is not UTF-8 ending with a newline") }
    checkJSON(sarif, what: "SARIF")

    let annotations = GitHubAnnotationRenderer.render(diagnostics, files: files)
    let lines = annotations.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == diagnostics.count + 1, lines.last?.isEmpty == true else {
        fuzzFail("\(diagnostics.count) diagnostics gave \(lines.count - 1) GitHub annotation lines")
    }
    for line in lines.dropLast() where !line.hasPrefix("::") || line.contains("\r") {
        fuzzFail("a GitHub annotation line is malformed: \(line.prefix(200))")
    }
    return 0
}
