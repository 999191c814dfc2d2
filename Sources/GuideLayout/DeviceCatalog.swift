import GuideIR

/// The devices the layout linter knows (`presets`, generated from devices.json), the default set it
/// lints against, and the parser for hand-written `--screen` sizes.
public enum DeviceCatalog {
    /// The devices linted when none are named: the smallest iPhone, the narrowest phone, the largest
    /// phone and an iPad, each in portrait and landscape.
    public static let defaultIDs: [String] = [
        // 375 × 667 with no notch: the least room of any iPhone.
        "iphone-se-3",
        // 360 dp wide: the narrowest phone in the table, where long words wrap first.
        "samsung-galaxy-s25",
        // 440 × 956: tips far from their targets and wide bubbles show up here.
        "iphone-17-pro-max",
        // 1032 × 1376: a tablet, where a bubble's maximum width matters more than the screen's.
        "ipad-pro-13-m5",
    ]

    /// The largest width or height, in points, that `screen(parsing:)` accepts; anything larger is a
    /// typo rather than a screen.
    public static let maximumCustomDimension: Double = 100_000

    /// Every preset's identifier, in table order: the devices a guide's `devices` may name.
    public static let identifiers: [String] = presets.map(\.id)

    /// The preset with identifier `id`, or nil.
    public static func device(id: String) -> Device? {
        presetsByID[id]
    }

    /// The presets by identifier; the generator rejects duplicate identifiers, so none is lost.
    private static let presetsByID: [String: Device] = {
        var table: [String: Device] = [:]
        for device in presets where table[device.id] == nil {
            table[device.id] = device
        }
        return table
    }()

    /// Parses a `--screen` value: `WxH` in points (such as `320x568` or `411.43x923.43`), optionally
    /// followed by the safe-area insets `@top,leading,bottom,trailing` (such as
    /// `390x844@47,0,34,0`); nil if the text is anything else.
    ///
    /// Numbers are plain decimals (digits with an optional fraction; no sign, exponent, `inf` or
    /// `nan`). Sizes must be positive and at most `maximumCustomDimension`; insets are zero or more
    /// and must leave a non-empty safe area. `x`, `X` and `×` all separate the width from the height.
    /// The screen is portrait when W <= H, else landscape. Its `id` is the value in a canonical
    /// form (`390x844@47,0,34,0`) and its `name` is `W×H`, with the insets when given
    /// (`390×844@47,0,34,0`), so two screens of one size are told apart in notes and headings.
    public static func screen(parsing text: String) -> Screen? {
        // The longest valid value is well under this; the bound keeps junk from costing anything.
        guard text.utf8.count <= 256 else { return nil }
        let scalars = Array(text.unicodeScalars)
        var reader = NumberReader(scalars: scalars)

        guard let width = reader.readNumber(), width > 0, width <= maximumCustomDimension,
              reader.skip(where: { $0 == "x" || $0 == "X" || $0 == "\u{D7}" }),
              let height = reader.readNumber(), height > 0, height <= maximumCustomDimension
        else { return nil }

        var safeArea = EdgeInsets.zero
        var hasInsets = false
        if !reader.isAtEnd {
            guard reader.skip(where: { $0 == "@" }) else { return nil }
            var insets: [Double] = []
            while insets.count < 4 {
                if !insets.isEmpty {
                    guard reader.skip(where: { $0 == "," }) else { return nil }
                }
                guard let inset = reader.readNumber() else { return nil }
                insets.append(inset)
            }
            guard reader.isAtEnd else { return nil }
            safeArea = EdgeInsets(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3])
            // Insets that cover the whole screen leave nowhere to lay a tip out: a typo, not a screen.
            guard safeArea.top + safeArea.bottom < height, safeArea.leading + safeArea.trailing < width else {
                return nil
            }
            hasInsets = true
        }

        let insets = hasInsets
            ? "@\(format(safeArea.top)),\(format(safeArea.leading)),\(format(safeArea.bottom)),\(format(safeArea.trailing))" : ""
        return Screen(
            name: "\(format(width))\u{D7}\(format(height))" + insets,
            id: "\(format(width))x\(format(height))" + insets,
            orientation: width <= height ? .portrait : .landscape,
            width: width,
            height: height,
            safeArea: safeArea,
            // A hand-written size has no platform; iOS's smaller 44 pt tap target is the lenient choice.
            isAndroid: false)
    }

    /// A number without a trailing `.0`, so ids and names read like what people type.
    private static func format(_ value: Double) -> String { NumberText.text(value) }

    /// Reads plain decimal numbers and single separators from a list of scalars.
    private struct NumberReader {
        /// The text being read.
        let scalars: [Unicode.Scalar]
        /// The next scalar to read.
        var position = 0

        /// Whether everything has been read.
        var isAtEnd: Bool { position == scalars.count }

        /// Consumes one scalar if it satisfies `predicate`, and says whether it did.
        mutating func skip(where predicate: (Unicode.Scalar) -> Bool) -> Bool {
            guard position < scalars.count, predicate(scalars[position]) else { return false }
            position += 1
            return true
        }

        /// Reads `digits[.digits]`, or returns nil (having consumed nothing useful) if there is none.
        mutating func readNumber() -> Double? {
            let start = position
            let integerDigits = skipDigits()
            guard integerDigits > 0 else { return nil }
            if skip(where: { $0 == "." }) {
                guard skipDigits() > 0 else { return nil }
            }
            // Only digits and one dot were accepted, so the stdlib parser sees no exponent or `inf`.
            var digits = ""
            digits.unicodeScalars.append(contentsOf: scalars[start..<position])
            guard let value = Double(digits), value.isFinite else { return nil }
            return value
        }

        /// Consumes ASCII digits and returns how many there were.
        private mutating func skipDigits() -> Int {
            var count = 0
            while position < scalars.count, ("0"..."9").contains(scalars[position]) {
                position += 1
                count += 1
            }
            return count
        }
    }
}
