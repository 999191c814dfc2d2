extension DiagnosticCode {
    /// Whether `guidec lint` reports the code (and `check` never does): the layout checks
    /// (GL10xx) and an `allow` that silenced nothing (GL0320), which only laying out can tell.
    public var isReportedByLint: Bool { id.hasPrefix("GL10") || self == .unusedAllow }
}
