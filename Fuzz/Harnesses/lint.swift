// Fuzz target `lint`: compile (as in `check`), then Linter.run, as `guidec lint` does, on the
// lintable document (the whole document, or the guides that checked clean when something else is
// broken) on two screens, iPhone SE (3rd gen) landscape and iPad Pro 13" (M5) portrait, at the
// largest text size (`--text-size ax5`).
// Invariants: no trap; every diagnostic range (compile and lint) lies inside its file; the
// layouts' frames are finite.
import GuideIR
import GuideLang
import GuideLayout

let lintOptions: Linter.Options = {
    guard let phone = DeviceCatalog.device(id: "iphone-se-3"), let tablet = DeviceCatalog.device(id: "ipad-pro-13-m5") else {
        fatalError("fuzz setup: a device preset is missing from DeviceCatalog")
    }
    return Linter.Options(
        screens: [phone.screen(.landscape), tablet.screen(.portrait)],
        orientations: Orientation.allCases,
        category: .accessibilityExtraExtraExtraLarge)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let compilation = fuzzCompile(fuzzBytes(data, size))
    checkDiagnostics(compilation)
    let (diagnostics, layouts) = Linter.run(compilation.loweredGuides, options: lintOptions)
    checkDiagnostics(diagnostics, files: compilation.files)
    for layout in layouts {
        for frame in layout.targetFrames where !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite) {
            fuzzFail("step \(layout.guide)/\(layout.tour)/\(layout.step) has a non-finite target frame \(frame) on \(layout.screen.name)")
        }
    }
    return 0
}
