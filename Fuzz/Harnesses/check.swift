// Fuzz target `check`: Compilation.compile of the input as `main.guide` in a fixed in-memory
// project (Fuzz/project/), so imports of `shared/styles.guide`, `screens.guide`, `strings.guide`,
// `cycle.guide`, `deep/a.guide` and `broken.guide` resolve.
// Invariants: no trap; every diagnostic range lies inside its file; `document` is nil exactly when
// an error was reported, as Compilation's doc comment says (on 2026-11-29 this target found
// `import""`, a failed import, yielding a document along with its error; fixed since).
import GuideLang

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let compilation = fuzzCompile(fuzzBytes(data, size))
    checkDiagnostics(compilation)
    if compilation.hasErrors != (compilation.document == nil) {
        fuzzFail("hasErrors is \(compilation.hasErrors) but the document is \(compilation.document == nil ? "nil" : "present"): "
                 + compilation.diagnostics.prefix(5).map { $0.code.id + " " + $0.message }.joined(separator: "; "))
    }
    return 0
}
