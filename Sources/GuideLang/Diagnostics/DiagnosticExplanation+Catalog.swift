extension DiagnosticExplanation {
    /// Every explanation, in code order.
    static let catalog: [DiagnosticExplanation] = []
}
