// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "guidec",
    products: [
        .library(name: "GuideLang", targets: ["GuideLang"]),
        .executable(name: "guidec", targets: ["guidec"]),
    ],
    targets: [
        // Everything but file I/O and argument parsing lives here, so editors, tests and apps share it.
        .target(name: "GuideLang", path: "Sources", exclude: ["guidec"], linkerSettings: [.linkedLibrary("m")]),
        // The thin command-line front end: arguments, files, terminals, exit codes.
        .executableTarget(name: "guidec", dependencies: ["GuideLang"]),
        .testTarget(
            name: "GuideLangTests",
            // guidec is a dependency so that the command-line tests can run the built binary.
            dependencies: ["GuideLang", "guidec"],
            // Fixtures and goldens are read from the source tree (#filePath) so that recording
            // a golden writes it where git sees it.
            exclude: ["Fixtures"]
        ),
    ]
)
