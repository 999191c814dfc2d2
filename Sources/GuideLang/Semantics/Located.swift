import GuideIR

/// A value read from a file with the range it is written at, which a diagnostic about the value
/// points at.
struct Located<Value> {
    /// The value.
    var value: Value
    /// Where it is written.
    var range: SourceRange
}
