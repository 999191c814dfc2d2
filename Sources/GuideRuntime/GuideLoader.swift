import GuideIR

/// Loads a compiled guide document (`guidec build`'s JSON) for playing: read through
/// `IRJSONReader` with the keys a later guidec may add skipped, as docs/ir.md asks of players,
/// and refused with a `GuideLoadError` value, never a trap, when it cannot be played.
public enum GuideLoader {
    /// The most bytes a document may have; a larger input is refused before it is parsed, so a
    /// damaged download cannot make the app hold gigabytes.
    public static let maximumDocumentBytes = 64 * 1024 * 1024

    /// The document in `bytes`, or why it cannot be played.
    public static func load(_ bytes: [UInt8]) -> Result<GuideDocument, GuideLoadError> {
        guard bytes.count <= maximumDocumentBytes else {
            return .failure(GuideLoadError(kind: .tooLarge, errors: [], totalCount: 0,
                                           summary: "the document has \(bytes.count) bytes, more than the \(maximumDocumentBytes) a guide document may have"))
        }
        switch IRJSONReader.read(bytes, options: IRJSONReader.Options(unknownKeys: .ignore, maximumErrors: 20)) {
        case .success(let document): return .success(document)
        case .failure(let failure): return .failure(GuideLoadError(failure))
        }
    }
}
