// Fuzz target `build`: compile (as in `check`), then IRJSONEmitter.emit when there is a document,
// pretty and compact.
// Invariants: no trap; diagnostic ranges inside their files; the output is valid UTF-8, valid
// JSON (strict RFC 8259: no NaN or infinity) and ends with a newline; emitting twice gives the
// same bytes.
import GuideIR
import GuideLang

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuild(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let compilation = fuzzCompile(fuzzBytes(data, size))
    checkDiagnostics(compilation)
    guard let document = compilation.document else { return 0 }
    for pretty in [true, false] {
        let output = IRJSONEmitter.emit(document, pretty: pretty)
        guard isValidUTF8(output) else { fuzzFail("IR JSON (pretty: \(pretty)) is not valid UTF-8") }
        guard output.last == 0x0A else { fuzzFail("IR JSON (pretty: \(pretty)) does not end with a newline") }
        checkJSON(output, what: "IR JSON (pretty: \(pretty))")
        if pretty, IRJSONEmitter.emit(document, pretty: true) != output { fuzzFail("IR JSON is not deterministic") }
    }
    return 0
}
