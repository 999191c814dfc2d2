/// Locale tags as players compare them (docs/ir.md): in any case, with `_` read as `-`, so that
/// `EN` is `en` and `pt_BR` is `pt-BR`.
public enum LocaleTag {
    /// The form two tags share exactly when a player cannot tell them apart.
    public static func comparable(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
