/// The compiler's version, printed by `guidec --version`.
public enum GuidecVersion {
    /// The version string.
    public static let current = "0.1.0"
}
