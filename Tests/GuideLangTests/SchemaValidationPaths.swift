import Foundation

/// Where the schema and the example documents are, found from this file's path.
enum SchemaValidationPaths {
    /// The package root: this file is Tests/GuideLangTests/SchemaValidationPaths.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let schema = repositoryRoot.appendingPathComponent("docs/guide-ir.schema.json")

    static let examplesFolder = repositoryRoot.appendingPathComponent("Tests/GuideLangTests/Fixtures/examples")

    /// Where pip installs `jsonschema` (and, for PreCommitHookTests, `pre-commit`) when the system
    /// Python lacks it.
    static let pythonDependencies = repositoryRoot.appendingPathComponent(".build/python-deps")

    /// Every `*.json` file under Fixtures/examples, in path order; empty when the folder is missing.
    static func exampleDocuments() throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: examplesFolder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return [] }
        guard let enumerator = FileManager.default.enumerator(at: examplesFolder, includingPropertiesForKeys: nil) else {
            return []
        }
        var documents: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            documents.append(url)
        }
        return documents.sorted { $0.path < $1.path }
    }
}
