/// Apple's Dynamic Type sizes: the point size and leading of each iOS text style at each content
/// size category, from the Human Interface Guidelines' Typography specifications ("iOS, iPadOS
/// Dynamic Type sizes" and "larger accessibility type sizes",
/// https://developer.apple.com/design/human-interface-guidelines/typography#Specifications).
///
/// The table itself is generated (`DynamicType+Table.swift`, from
/// `Tests/GuideLangTests/Fixtures/dynamic-type-sizes.json` by
/// `scripts/generate-dynamic-type-table.py`). Each style grows on its own curve: at AX5 caption2
/// is 40 pt (3.6 times its 11 pt at Large) while large-title is 60 pt (1.8 times its 34 pt).
public enum DynamicType {
    /// A text style's point size and leading (the distance from one baseline to the next) at one
    /// content size category.
    public struct TextStyleSize: Equatable, Sendable {
        /// The font size in points.
        public var size: Double
        /// The line height in points.
        public var leading: Double
    }

    /// The text styles in the table, in the HIG's order (largest first).
    public static let textStyles = ["large-title", "title1", "title2", "title3", "headline", "body", "callout",
                                    "subheadline", "footnote", "caption1", "caption2"]

    /// The size and leading of `textStyle` at `category`; nil for a style the table does not have.
    public static func size(of textStyle: String, at category: ContentSizeCategory) -> TextStyleSize? {
        row(of: textStyle)?[category.position]
    }

    /// A style's sizes at every category, indexed by `ContentSizeCategory.position`; nil for a
    /// style the table does not have. Text measurement asks for two categories of one style per
    /// text: one lookup by the style's name serves both.
    static func row(of textStyle: String) -> [TextStyleSize?]? { rows[textStyle] }

    /// The table with each style's row as an array by category: a lookup in `table` hashed the
    /// category's raw text too (some 760 instructions a lookup, two for each text lint measures).
    private static let rows: [String: [TextStyleSize?]] = table.mapValues { row in
        ContentSizeCategory.allCases.map { row[$0] }
    }

    /// How much a style of unknown growth is assumed to grow at `category`: the largest growth
    /// of any style in the table, so an unknown style is never measured smaller than a known one
    /// would be.
    public static func largestGrowth(at category: ContentSizeCategory) -> Double {
        textStyles.compactMap { style in
            guard let here = size(of: style, at: category), let base = size(of: style, at: .default) else { return nil }
            return here.size / base.size
        }.max() ?? 1
    }

    /// The largest leading in proportion to the size of any style at `category`, for a style of
    /// unknown line height.
    public static func largestLineSpacing(at category: ContentSizeCategory) -> Double {
        textStyles.compactMap { style in size(of: style, at: category).map { $0.leading / $0.size } }.max() ?? 1.2
    }
}
