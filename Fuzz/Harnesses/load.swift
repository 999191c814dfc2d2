// Fuzz target `load`: what an app's runtime reads from outside, a compiled document (perhaps a
// damaged download) and its state file (perhaps damaged on the disk): GuideLoader.load and
// RuntimeStateCoding.decode on the same bytes.
// Invariants: no trap; a document that loads is emitted again (IRJSONEmitter) as JSON that loads
// to the same document; a state, whatever was dropped from it, encodes to bytes that decode to
// the same state without a problem.
import GuideIR
import GuideRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoad(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if case .success(let document) = GuideLoader.load(bytes) {
        let emitted = IRJSONEmitter.emit(document, pretty: false)
        switch GuideLoader.load(emitted) {
        case .success(let again):
            if again != document { fuzzFail("a loaded document, emitted again, loads as a different document") }
        case .failure(let error):
            fuzzFail("a loaded document, emitted again, does not load: \(error.summary)")
        }
    }
    let (state, _) = RuntimeStateCoding.decode(bytes)
    let (again, problems) = RuntimeStateCoding.decode(RuntimeStateCoding.encode(state))
    if !problems.isEmpty { fuzzFail("a decoded state, encoded again, has problems: \(problems)") }
    if again != state { fuzzFail("a decoded state, encoded again, decodes as a different state") }
    return 0
}
