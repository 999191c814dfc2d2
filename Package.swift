// swift-tools-version:6.0
import PackageDescription

// The targets and what each may import are ARCHITECTURE.md's "Modules" table, which
// ModuleDependencyTests enforces on every import line of every target.
let package = Package(
    name: "guidec",
    products: [
        .library(name: "GuideIR", targets: ["GuideIR"]),
        .library(name: "GuideLayout", targets: ["GuideLayout"]),
        .library(name: "GuideRuntime", targets: ["GuideRuntime"]),
        .library(name: "GuideRuntimeStorage", targets: ["GuideRuntimeStorage"]),
        .library(name: "GuideLang", targets: ["GuideLang"]),
        .library(name: "GuidePreview", targets: ["GuidePreview"]),
        .library(name: "GuideSimulation", targets: ["GuideSimulation"]),
        .executable(name: "guidec", targets: ["guidec"]),
    ],
    targets: [
        // The lowered program and its JSON: what an app that plays guides links, with nothing else.
        .target(name: "GuideIR"),
        // The pure layout engine (geometry, devices, text metrics, placement, contrast), which an
        // app runs to show a guide exactly as lint laid it out.
        .target(name: "GuideLayout", dependencies: ["GuideIR"], linkerSettings: [.linkedLibrary("m")]),
        // What an app links to play a compiled guide: loading, eligibility, the player, stored
        // state and run-time layout; pure, so its clock and its disk are the app's.
        .target(name: "GuideRuntime", dependencies: ["GuideIR", "GuideLayout"]),
        // The runtime's stores on disk (a JSON file, UserDefaults): the one part that does I/O.
        .target(name: "GuideRuntimeStorage", dependencies: ["GuideIR", "GuideRuntime"]),
        // The pictures of `guidec preview` (scenes, SVG, contact sheets), pure like the layout
        // engine it draws, so an app or the runtime could draw the same scene.
        .target(name: "GuidePreview", dependencies: ["GuideIR", "GuideLayout"]),
        // The compiler: everything but file I/O and argument parsing, so editors and tests share it.
        .target(name: "GuideLang", dependencies: ["GuideIR", "GuideLayout"]),
        // `guidec simulate`'s scenarios read and played through the runtime: pure, on the
        // compiler's diagnostics and the runtime's decision function and player.
        .target(name: "GuideSimulation", dependencies: ["GuideIR", "GuideLayout", "GuideRuntime", "GuideLang"]),
        // The thin command-line front end: arguments, files, terminals, exit codes.
        .executableTarget(name: "guidec", dependencies: ["GuideIR", "GuideLayout", "GuideLang", "GuidePreview", "GuideRuntime", "GuideSimulation"]),
        // A process the storage tests kill mid-save (SIGKILL), to prove the file store's atomicity.
        .executableTarget(name: "StateStoreWriter", dependencies: ["GuideRuntime", "GuideRuntimeStorage"], path: "Tests/StateStoreWriter"),
        // The benchmark of the runtime's decision function (Benchmarks/decide), built in release mode.
        .executableTarget(name: "DecisionBenchmark", dependencies: ["GuideIR", "GuideLang", "GuideRuntime"], path: "Benchmarks/DecisionBenchmark"),
        .testTarget(
            name: "GuideLangTests",
            // guidec and StateStoreWriter are dependencies so that the tests can run the built binaries.
            dependencies: ["GuideIR", "GuideLayout", "GuideLang", "GuideRuntime", "GuideRuntimeStorage", "GuidePreview", "GuideSimulation", "guidec", "StateStoreWriter"],
            // Fixtures and goldens are read from the source tree (#filePath) so that recording
            // a golden writes it where git sees it.
            exclude: ["Fixtures"]
        ),
    ]
)
