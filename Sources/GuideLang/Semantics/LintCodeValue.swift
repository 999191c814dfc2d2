import GuideIR

/// A code listed in `allow` or `deny`, as written: `GL1007` or `GL1007 "why"`.
struct LintCodeValue {
    /// The code as written (codes are case-insensitive).
    var name: String
    /// Where the code is written.
    var range: SourceRange
    /// The reason after the code, if any.
    var reason: String?
    /// Where the reason is written.
    var reasonRange: SourceRange?
    /// The list the code is written in.
    var list: IRLintList
    /// Where the code is among the list's items.
    var position: Int

    /// What removing this code alone from its list deletes: the code, its reason and one comma,
    /// or the whole property when it is the only code.
    var removal: SourceRange { list.removals(of: [position])[position] ?? list.property }

    /// The code as a reference, for the messages and suggestions references share.
    var reference: Reference { Reference(name: name, range: range) }
}
