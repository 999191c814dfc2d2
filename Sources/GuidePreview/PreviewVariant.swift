import GuideLayout

/// How a picture is drawn besides its screen: light or dark, in which locale, at which text size.
public struct PreviewVariant: Hashable, Sendable {
    /// Light or dark.
    public enum Appearance: String, CaseIterable, Sendable {
        /// Light mode: colours' `light` values, app content white.
        case light
        /// Dark mode: colours' `dark` values where set, app content black.
        case dark
    }

    /// The appearance.
    public var appearance: Appearance
    /// The locale whose translations are drawn, or nil for each text's default.
    public var locale: String?
    /// The Dynamic Type size texts are measured and drawn at.
    public var textSize: ContentSizeCategory

    /// Creates a variant.
    public init(appearance: Appearance = .light, locale: String? = nil, textSize: ContentSizeCategory = .large) {
        self.appearance = appearance
        self.locale = locale
        self.textSize = textSize
    }

    /// The variant's name in file names and titles: the appearance, then the locale if one is
    /// chosen, then the text size if not the default: `light`, `dark-fr`, `light-ar-ax5`.
    public var name: String {
        var parts = [appearance.rawValue]
        if let locale { parts.append(locale) }
        if textSize != .large { parts.append(textSize.shortName) }
        return parts.joined(separator: "-")
    }

    /// Whether `locale` is written right to left (Arabic, Hebrew, Persian, Urdu and the other
    /// scripts of CLDR's right-to-left languages), by its language subtag.
    public var isRightToLeft: Bool {
        guard let locale else { return false }
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return Self.rightToLeftLanguages.contains(language)
    }

    /// The languages written right to left.
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]
}
