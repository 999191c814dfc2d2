/// The words authors bring from the libraries they know (web tours, Floating UI, Android coach
/// marks, UIKit, CSS) for each keyword a `.guide` value takes, so that `placement: top` gets
/// `did you mean 'above'?` and a fix-it. Looked up by the same did-you-mean rules as typos
/// (`Suggestion.didYouMean`); docs/language.md section 5 lists them (checked by a test).
public enum KeywordSynonyms {
    /// Another library's word for a keyword.
    public typealias Synonym = Suggestion.Synonym

    /// The synonyms of one place a keyword is written.
    public struct Table: Sendable {
        /// The key the value reader looks the table up by: a property, or `advance tap`, `font`, `edge`.
        public let key: String
        /// Where the words are written, for docs/language.md.
        public let place: String
        /// The words and the names they stand for.
        public let synonyms: [Synonym]
    }

    /// The synonyms for a property's keyword value, or for a word inside it (`advance tap`,
    /// `font`), by the key the value reader uses.
    static func table(for key: String) -> [Synonym] { tables[key] ?? [] }

    /// Every table, in a fixed order.
    public static let all: [Table] = [
        Table(key: "placement", place: "`placement`", synonyms: placement),
        Table(key: "alignment", place: "`alignment`", synonyms: alignment),
        Table(key: "orientation", place: "`orientation`", synonyms: orientation),
        Table(key: "indicator", place: "`indicator`", synonyms: indicator),
        Table(key: "scroll-anchor", place: "`scroll-anchor`", synonyms: scrollAnchor),
        Table(key: "scrolls", place: "`scrolls`", synonyms: scrolls),
        Table(key: "gap-from", place: "`gap-from`", synonyms: gapFrom),
        Table(key: "gap-to", place: "`gap-to`", synonyms: gapTo),
        Table(key: "align-to", place: "`align-to`", synonyms: alignTo),
        Table(key: "shape", place: "`shape`", synonyms: shape),
        Table(key: "flip", place: "`flip`", synonyms: flip),
        Table(key: "advance", place: "`advance`", synonyms: advance),
        Table(key: "advance tap", place: "`advance: tap ...`", synonyms: advanceTap),
        Table(key: "missing", place: "`missing`", synonyms: missing),
        Table(key: "show", place: "`show`", synonyms: show),
        Table(key: "font", place: "fonts", synonyms: font),
        Table(key: "edge", place: "after a distance (`16 safe`)", synonyms: edge),
    ]

    /// The tables as Markdown, one row per word (docs/language.md section 5).
    public static func markdownTable() -> String {
        var text = "| where | word | a guide writes | the word of |\n| --- | --- | --- | --- |\n"
        for table in all {
            for synonym in table.synonyms {
                let writes = "`\(synonym.name)`" + (synonym.also.map { " and " + $0.replacing("'", with: "`") } ?? "")
                text += "| \(table.place) | `\(synonym.spelling)` | \(writes) | \(synonym.libraries) |\n"
            }
        }
        return text
    }

    private static let tables: [String: [Synonym]] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.synonyms) })

    private static let webTours = "Floating UI, Shepherd.js, Intro.js, driver.js and react-joyride"
    private static let floatingUI = "Floating UI, Shepherd.js and react-joyride"
    private static let logical = "Floating UI, driver.js, CSS and Android"

    private static let placement: [Synonym] = [
        Synonym("top", "above", webTours),
        Synonym("bottom", "below", webTours),
        Synonym("left", "leading", webTours),
        Synonym("right", "trailing", webTours),
        Synonym("start", "leading", "CSS and Android"),
        Synonym("end", "trailing", "CSS and Android"),
        Synonym("top-start", "above", floatingUI, also: "'alignment: leading'"),
        Synonym("top-end", "above", floatingUI, also: "'alignment: trailing'"),
        Synonym("bottom-start", "below", floatingUI, also: "'alignment: leading'"),
        Synonym("bottom-end", "below", floatingUI, also: "'alignment: trailing'"),
        Synonym("left-start", "leading", floatingUI, also: "'alignment: leading'"),
        Synonym("left-end", "leading", floatingUI, also: "'alignment: trailing'"),
        Synonym("right-start", "trailing", floatingUI, also: "'alignment: leading'"),
        Synonym("right-end", "trailing", floatingUI, also: "'alignment: trailing'"),
        Synonym("auto-start", "auto", "Popper", also: "'alignment: leading'"),
        Synonym("auto-end", "auto", "Popper", also: "'alignment: trailing'"),
        Synonym("floating", "center", "Intro.js"),
        Synonym("centre", "center", "British English"),
    ]

    private static let alignment: [Synonym] = [
        Synonym("start", "leading", logical),
        Synonym("end", "trailing", logical),
        Synonym("left", "leading", "Intro.js and CSS"),
        Synonym("right", "trailing", "Intro.js and CSS"),
        Synonym("middle", "center", "Intro.js"),
        Synonym("centre", "center", "British English"),
    ]

    private static let orientation: [Synonym] = [
        Synonym("all", "both", "UIKit (UIInterfaceOrientationMask.all)"),
        Synonym("allButUpsideDown", "both", "UIKit (UIInterfaceOrientationMask)"),
        Synonym("sensor", "both", "Android (screenOrientation)"),
        Synonym("unspecified", "both", "Android (screenOrientation)"),
        Synonym("portraitUpsideDown", "portrait", "UIKit"),
        Synonym("landscapeLeft", "landscape", "UIKit"),
        Synonym("landscapeRight", "landscape", "UIKit"),
        Synonym("sensorLandscape", "landscape", "Android (screenOrientation)"),
        Synonym("sensorPortrait", "portrait", "Android (screenOrientation)"),
    ]

    private static let indicator: [Synonym] = [
        Synonym("bullets", "dots", "Intro.js (showBullets)"),
        Synonym("page-control", "dots", "UIKit (UIPageControl)"),
        Synonym("hidden", "none", "CSS (visibility)"),
        Synonym("false", "none", "Intro.js (showBullets: false)"),
    ]

    private static let scrollAnchor: [Synonym] = [
        Synonym("left", "leading", "CSS"),
        Synonym("right", "trailing", "CSS"),
        Synonym("centre", "center", "British English"),
    ]

    private static let scrolls: [Synonym] = [
        Synonym("x", "horizontal", "CSS (overflow-x)"),
        Synonym("y", "vertical", "CSS (overflow-y)"),
    ]

    private static let gapFrom: [Synonym] = [
        Synonym("spotlight", "cutout", "react-joyride and Android Spotlight"),
        Synonym("stage", "cutout", "driver.js"),
        Synonym("highlight", "cutout", "Shepherd.js"),
        Synonym("reference", "target", "Floating UI"),
        Synonym("element", "target", "Shepherd.js, driver.js and Intro.js"),
        Synonym("view", "target", "UIKit and Android"),
    ]

    private static let gapTo: [Synonym] = [
        Synonym("border", "edge", "CSS"),
        Synonym("centre", "center", "British English"),
    ]

    private static let alignTo: [Synonym] = [
        Synonym("reference", "target", "Floating UI"),
        Synonym("element", "target", "Shepherd.js, driver.js and Intro.js"),
        Synonym("view", "target", "UIKit and Android"),
        Synonym("viewport", "screen", "Floating UI and CSS"),
        Synonym("window", "screen", "UIKit and the web"),
    ]

    private static let shape: [Synonym] = [
        Synonym("rectangle", "rect", "AwesomeSpotlightView and MaterialShowcaseView"),
        Synonym("roundRectangle", "rounded", "AwesomeSpotlightView"),
        Synonym("rounded-rect", "rounded", "Flutter (RRect)"),
        Synonym("oval", "circle", "MaterialShowcaseView"),
        Synonym("pill", "capsule", "design tools"),
        Synonym("stadium", "capsule", "Flutter (StadiumBorder)"),
    ]

    private static let flip: [Synonym] = [
        Synonym("true", "auto", "Floating UI and Intro.js (autoPosition)"),
        Synonym("false", "none", "Floating UI and Intro.js (autoPosition)"),
    ]

    private static let advance: [Synonym] = [
        Synonym("click", "tap", "Shepherd.js (advanceOn: click)"),
        Synonym("touch", "tap", "MaterialShowcaseView (setDismissOnTargetTouch)"),
        Synonym("next", "button", "Shepherd.js and driver.js buttons"),
    ]

    private static let advanceTap: [Synonym] = [
        Synonym("overlay", "anywhere", "driver.js (overlayClickBehavior)"),
        Synonym("screen", "anywhere", "coach-mark tutorials"),
        Synonym("element", "target", "Shepherd.js and driver.js"),
        Synonym("view", "target", "TapTargetView"),
        Synonym("spotlight", "target", "react-joyride"),
        Synonym("cutout", "target", "Instructions"),
    ]

    private static let missing: [Synonym] = [
        Synonym("ignore", "skip", "Shepherd.js (skipMissingElement)"),
        Synonym("cancel", "end", "Shepherd.js"),
        Synonym("exit", "end", "Intro.js"),
        Synonym("timeout", "wait", "react-joyride (targetWaitTimeout)"),
        Synonym("waitForElement", "wait", "Shepherd.js"),
    ]

    private static let show: [Synonym] = [
        Synonym("singleUse", "once", "MaterialShowcaseView"),
        Synonym("single-use", "once", "MaterialShowcaseView"),
        Synonym("MaxDisplayCount", "times", "TipKit"),
    ]

    private static let font: [Synonym] = [
        Synonym("normal", "regular", "CSS (font-weight)"),
        Synonym("extralight", "ultralight", "CSS (font-weight)"),
        Synonym("demibold", "semibold", "CSS (font-weight)"),
        Synonym("extrabold", "heavy", "CSS (font-weight)"),
        Synonym("title", "title1", "Android (TextAppearance.Material.Title)"),
        Synonym("subhead", "subheadline", "Android (TextAppearance.Material.Subhead)"),
        Synonym("caption", "caption1", "Android (TextAppearance.Material.Caption)"),
    ]

    private static let edge: [Synonym] = [
        Synonym("safe-area", "safe", "SwiftUI (safeAreaInsets)"),
        Synonym("safeArea", "safe", "UIKit (safeAreaLayoutGuide)"),
    ]
}
