/// A screen orientation: one a guide's lint settings name, and the one a layout screen is in.
public enum Orientation: String, CaseIterable, Sendable {
    /// Taller than wide.
    case portrait
    /// Wider than tall.
    case landscape
}
