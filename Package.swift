// swift-tools-version:6.0
import PackageDescription

// The targets and what each may import are ARCHITECTURE.md's "Modules" table, which
// ModuleDependencyTests enforces on every import line of every target.
let package = Package(
    name: "guidec",
    products: [
        .library(name: "GuideIR", targets: ["GuideIR"]),
        .library(name: "GuideLayout", targets: ["GuideLayout"]),
        .library(name: "GuideLang", targets: ["GuideLang"]),
        .library(name: "GuidePreview", targets: ["GuidePreview"]),
        .executable(name: "guidec", targets: ["guidec"]),
    ],
    targets: [
        // The lowered program and its JSON: what an app that plays guides links, with nothing else.
        .target(name: "GuideIR"),
        // The pure layout engine (geometry, devices, text metrics, placement, contrast), which an
        // app runs to show a guide exactly as lint laid it out.
        .target(name: "GuideLayout", dependencies: ["GuideIR"], linkerSettings: [.linkedLibrary("m")]),
        // The pictures of `guidec preview` (scenes, SVG, contact sheets), pure like the layout
        // engine it draws, so an app or the runtime could draw the same scene.
        .target(name: "GuidePreview", dependencies: ["GuideIR", "GuideLayout"]),
        // The compiler: everything but file I/O and argument parsing, so editors and tests share it.
        .target(name: "GuideLang", dependencies: ["GuideIR", "GuideLayout"]),
        // The thin command-line front end: arguments, files, terminals, exit codes.
        .executableTarget(name: "guidec", dependencies: ["GuideIR", "GuideLayout", "GuideLang", "GuidePreview"]),
        .testTarget(
            name: "GuideLangTests",
            // guidec is a dependency so that the command-line tests can run the built binary.
            dependencies: ["GuideIR", "GuideLayout", "GuideLang", "GuidePreview", "guidec"],
            // Fixtures and goldens are read from the source tree (#filePath) so that recording
            // a golden writes it where git sees it.
            exclude: ["Fixtures"]
        ),
    ]
)
