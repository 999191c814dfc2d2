import Foundation

/// A private temporary folder for one test's documents, script and report.
struct SchemaValidationScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidec-schema-validation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes bytes to a file in the folder and returns its URL.
    func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
