/// What an editor's checks import through: the text of documents open in the editor (which may
/// be unsaved) first, then whatever the underlying provider (the disk) has.
struct EditorSourceProvider: SourceProvider, Sendable {
    let base: (any SourceProvider & Sendable)?
    /// Open documents' bytes by normalised path.
    let openFiles: [String: [UInt8]]

    func resolve(_ path: String, relativeTo importer: String) -> String {
        base?.resolve(path, relativeTo: importer) ?? PathArithmetic.join(PathArithmetic.directory(of: importer), path)
    }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        if let bytes = openFiles[PathArithmetic.normalize(resolvedPath)] { return .success(bytes) }
        return base?.read(resolvedPath) ?? .failure(SourceReadError("no such file"))
    }

    func identity(of resolvedPath: String) -> String {
        base?.identity(of: resolvedPath) ?? PathArithmetic.normalize(resolvedPath)
    }
}
