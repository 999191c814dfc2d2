// Fuzz target `fmt`: Formatter.format on the raw bytes.
// Invariants: no trap; the formatter never refuses its own output (a refusal means its result
// would have read as a different program); a file with syntax errors is refused with them;
// otherwise the result is a fixed point (formatting it again gives the same bytes), has the same
// tokens, texts and line starts as the input (checked here independently of the formatter's own
// check), compiles inside the fixed project to the same diagnostic codes and the same IR JSON,
// and GL0901 is reported exactly when the result differs, with a fix-it that gives the result.
import GuideIR
import GuideLang

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let source = SourceFile(path: fuzzRootPath, bytes: bytes)
    let output: [UInt8]
    switch Formatter.format(source) {
    case .internalError(let reason):
        fuzzFail("the formatter refused its own output: \(reason)")
    case .syntaxErrors(let diagnostics):
        guard diagnostics.contains(where: { $0.severity == .error }) else { fuzzFail("refused without a syntax error") }
        checkDiagnostics(diagnostics, files: [source])
        return 0
    case .outputTooLarge(let size):
        guard size > Lexer.maximumFileSize else { fuzzFail("refused as too large at \(size) bytes") }
        return 0
    case .formatted(let formatted):
        output = formatted
    }
    guard case .formatted(let again) = Formatter.format(SourceFile(path: fuzzRootPath, bytes: output)), again == output else {
        fuzzFail("formatting the output again changes it")
    }

    let before = Parser.parse(source).tokens
    let after = Parser.parse(SourceFile(path: fuzzRootPath, bytes: output)).tokens
    guard before.count == after.count else { fuzzFail("\(before.count) tokens became \(after.count)") }
    for (index, (old, new)) in zip(before, after).enumerated() {
        guard old.kind == new.kind, bytes[old.range].elementsEqual(output[new.range]),
              old.isAtLineStart == new.isAtLineStart || old.kind == .endOfFile
        else { fuzzFail("token \(index) (\(old.kind) at \(old.start)) differs once formatted") }
    }

    let original = fuzzCompile(bytes)
    let formatted = fuzzCompile(output)
    guard original.diagnostics.map(\.code.id) == formatted.diagnostics.map(\.code.id) else {
        fuzzFail("diagnostics changed: \(original.diagnostics.map(\.code.id)) -> \(formatted.diagnostics.map(\.code.id))")
    }
    guard original.document.map({ IRJSONEmitter.emit($0) }) == formatted.document.map({ IRJSONEmitter.emit($0) }) else {
        fuzzFail("the IR changed")
    }

    let unformatted = Formatter.unformattedDiagnostic(source, formatted: output)
    guard (unformatted == nil) == (output == bytes) else { fuzzFail("GL0901 is reported exactly when the text changes") }
    if let unformatted {
        checkDiagnostics([unformatted], files: [source])
        guard let fix = unformatted.fixIts.first else { fuzzFail("GL0901 without its fix-it") }
        var fixed = bytes
        fixed.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
        guard fixed == output else { fuzzFail("GL0901's fix-it does not give the formatted text") }
    }
    return 0
}
