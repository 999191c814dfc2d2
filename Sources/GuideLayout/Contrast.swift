// Only the one maths function: the layout engine reaches nothing else of the C library.
#if canImport(Glibc)
import func Glibc.pow
#elseif canImport(Musl)
import func Musl.pow
#elseif canImport(Darwin)
import func Darwin.pow
#endif
import GuideIR

/// Colour contrast exactly as WCAG 2.x defines it (success criteria 1.4.3 and 1.4.6), for checking
/// tip text against its bubble. Ratios are never rounded: 4.499 fails a 4.5 threshold.
public enum Contrast {
    /// The WCAG relative luminance of a colour's RGB channels, from 0 (black) to 1 (white); alpha is
    /// ignored, so composite a translucent colour over what is behind it first.
    public static func relativeLuminance(_ color: RGBAColor) -> Double {
        0.2126 * linearized(color.red) + 0.7152 * linearized(color.green) + 0.0722 * linearized(color.blue)
    }

    /// The WCAG contrast ratio of two colours, from 1 (identical) to 21 (black on white), in either
    /// order; alpha is ignored, so composite translucent text over its background first.
    public static func ratio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let first = relativeLuminance(a)
        let second = relativeLuminance(b)
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// Whether text counts as large for WCAG (needing 3:1 rather than 4.5:1): at least 18 pt, or at
    /// least 14 pt when semibold or heavier (semibold counts as bold, as on iOS).
    public static func isLargeText(size: Double, weight: String) -> Bool {
        switch weight {
        case "semibold", "bold", "heavy", "black": size >= 14
        default: size >= 18
        }
    }

    /// A ratio as messages show it: two decimals, truncated so a failing 4.499 never reads as 4.5.
    public static func ratioText(_ ratio: Double) -> String {
        let truncated = (ratio * 100).rounded(.down) / 100
        return NumberText.text(truncated)
    }

    /// The linear-light value of an sRGB channel in 0...1, by WCAG 2.x's formula (with its 0.04045
    /// threshold, which differs harmlessly from sRGB's 0.03928 in older WCAG text).
    private static func linearized(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
}
