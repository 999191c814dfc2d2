/// What an editor's checks import through: the text of documents open in the editor (which may
/// be unsaved) first, then whatever the underlying provider (the disk) has.
struct EditorSourceProvider: SourceProvider, Sendable {
    let base: (any SourceProvider & Sendable)?
    /// Open documents' bytes by normalised path.
    let openFiles: [String: [UInt8]]
    /// The folders imports may read; an open document outside them is not served, so the editor
    /// confines imports exactly as the command line does.
    let roots: [String]

    func resolve(_ path: String, relativeTo importer: String) -> String {
        base?.resolve(path, relativeTo: importer) ?? PathArithmetic.join(PathArithmetic.directory(of: importer), path)
    }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        let path = PathArithmetic.normalize(resolvedPath)
        if let bytes = openFiles[path], roots.contains(where: { PathArithmetic.isInside(path, root: $0) }) {
            return .success(bytes)
        }
        // The disk decides the rest, refusing a path outside the roots as it does for the command line.
        return base?.read(resolvedPath) ?? .failure(SourceReadError("no such file"))
    }

    func identity(of resolvedPath: String) -> String {
        base?.identity(of: resolvedPath) ?? PathArithmetic.normalize(resolvedPath)
    }
}
