/// A stable diagnostic code such as `GL0101`: its identity outlives any change to wording.
///
/// Codes are never reused. Every code is one file in docs/diagnostics/ (its ranges are in that
/// folder's README.md), from which scripts/generate-diagnostics.py writes the codes and `all`
/// (DiagnosticCode+Table.swift).
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as printed, `GL` and four digits.
    public let id: String
    /// The severity diagnostics with this code have.
    public let severity: Severity
    /// A short kebab-case name for the rule, used as the SARIF rule name.
    public let name: String

    /// Creates a code.
    public init(_ id: String, _ severity: Severity, _ name: String) {
        self.id = id
        self.severity = severity
        self.name = name
    }

    /// The code as printed.
    public var description: String { id }

    public static func == (left: DiagnosticCode, right: DiagnosticCode) -> Bool { left.id == right.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension DiagnosticCode {
    /// Looks a code up by its printed form, ignoring case, or by its rule name (such as
    /// `overlay-too-transparent`), as linters let a rule be named either way.
    public static func named(_ id: String) -> DiagnosticCode? {
        let wanted = id.uppercased()
        if let code = all.first(where: { $0.id == wanted }) { return code }
        let name = id.lowercased()
        return all.first { $0.name == name }
    }

    /// What a code may be named by: every printed code, then every rule name (for did-you-mean).
    public static var spellings: [String] { all.map(\.id) + all.map(\.name) }
}
