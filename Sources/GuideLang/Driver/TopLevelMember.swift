import GuideIR

/// A top-level declaration of a compiled file as collection found it: its kind, its name and the
/// bytes it spans. A language server's check keeps them to tell which guide an edit fell in and
/// to prove the next text has the same members (`GuideReuse`).
struct TopLevelMember: Equatable, Sendable {
    /// What the declaration declares.
    var kind: DeclarationKind
    /// Its name, empty when it has none.
    var name: String
    /// The file it is in.
    var fileID: FileID
    /// Its first byte (the keyword).
    var start: Int
    /// One past its last byte (the closing brace).
    var end: Int
}
