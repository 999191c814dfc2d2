/// The user's preferred text size (iOS Dynamic Type, Android font scale), from extra-small to the
/// largest accessibility size.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    /// Extra small (`xs`): body 14 pt.
    case extraSmall = "extra-small"
    /// Small (`s`): body 15 pt.
    case small
    /// Medium (`m`): body 16 pt.
    case medium
    /// Large (`l`), the system default: body 17 pt.
    case large
    /// Extra large (`xl`): body 19 pt.
    case extraLarge = "extra-large"
    /// Extra extra large (`xxl`): body 21 pt.
    case extraExtraLarge = "extra-extra-large"
    /// Extra extra extra large (`xxxl`), the largest without the accessibility setting: body 23 pt.
    case extraExtraExtraLarge = "extra-extra-extra-large"
    /// Accessibility medium (`ax1`): body 28 pt.
    case accessibilityMedium = "accessibility-medium"
    /// Accessibility large (`ax2`): body 33 pt.
    case accessibilityLarge = "accessibility-large"
    /// Accessibility extra large (`ax3`): body 40 pt.
    case accessibilityExtraLarge = "accessibility-extra-large"
    /// Accessibility extra extra large (`ax4`): body 47 pt.
    case accessibilityExtraExtraLarge = "accessibility-extra-extra-large"
    /// Accessibility extra extra extra large (`ax5`), the largest of all: body 53 pt.
    case accessibilityExtraExtraExtraLarge = "accessibility-extra-extra-extra-large"

    /// The category phones ship with, at which IR font sizes are given.
    public static let `default`: ContentSizeCategory = .large

    /// The category named by its raw value (`extra-large`) or short form (`xl`, `ax1`), ignoring
    /// case; nil for anything else.
    public static func named(_ name: String) -> ContentSizeCategory? {
        let lowered = name.lowercased()
        if let category = ContentSizeCategory(rawValue: lowered) { return category }
        return allCases.first { $0.shortName == lowered }
    }

    /// The short form accepted on the command line, such as `xl` or `ax3`.
    public var shortName: String {
        switch self {
        case .extraSmall: "xs"
        case .small: "s"
        case .medium: "m"
        case .large: "l"
        case .extraLarge: "xl"
        case .extraExtraLarge: "xxl"
        case .extraExtraExtraLarge: "xxxl"
        case .accessibilityMedium: "ax1"
        case .accessibilityLarge: "ax2"
        case .accessibilityExtraLarge: "ax3"
        case .accessibilityExtraExtraLarge: "ax4"
        case .accessibilityExtraExtraExtraLarge: "ax5"
        }
    }

    /// The category's place in `allCases`, smallest first: what `DynamicType`'s rows are indexed
    /// by, since hashing a category hashes its raw text.
    var position: Int {
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility-") }

    /// The iOS body text size in points at this category (Apple's table, `DynamicType`): 14 at
    /// extra-small, 17 at Large, 53 at AX5. Other styles grow on their own curves.
    public var bodySize: Double { DynamicType.size(of: "body", at: self)?.size ?? 17 }
}
