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
        Table(key: "event then", place: "`event(..., then: ...)`", synonyms: eventThen),
        Table(key: "overlay-tap", place: "`overlay-tap`", synonyms: overlayTap),
        Table(key: "target-taps", place: "`target-taps`", synonyms: targetTaps),
        Table(key: "then", place: "an action's `then`", synonyms: actionThen),
        Table(key: "missing", place: "`missing`", synonyms: missing),
        Table(key: "show", place: "`show`", synonyms: show),
        Table(key: "font", place: "fonts", synonyms: font),
        Table(key: "edge", place: "after a distance (`16 safe`)", synonyms: edge),
        Table(key: "property", place: "a property's name", synonyms: propertyNames),
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

    private static let eventThen: [Synonym] = [
        Synonym("advance", "next", "Shepherd.js (advanceOn)"),
        Synonym("cancel", "end", "Shepherd.js (tour.cancel)"),
        Synonym("exit", "end", "Intro.js (exit)"),
        Synonym("dismiss", "end", "TipKit (invalidate) and react-joyride"),
    ]

    private static let overlayTap: [Synonym] = [
        Synonym("next", "advance", "driver.js (overlayClickBehavior: nextStep)"),
        Synonym("nextStep", "advance", "driver.js (overlayClickBehavior)"),
        Synonym("close", "end", "driver.js (overlayClickBehavior: close)"),
        Synonym("exit", "end", "Intro.js (exitOnOverlayClick)"),
        Synonym("cancel", "end", "Shepherd.js (tour.cancel)"),
        Synonym("dismiss", "end", "react-joyride (overlayClose) and TipKit"),
        Synonym("none", "nothing", "react-joyride (disableOverlayClose)"),
        Synonym("ignore", "nothing", "coach-mark libraries"),
    ]

    private static let targetTaps: [Synonym] = [
        Synonym("true", "pass", "Shepherd.js (canClickTarget) and react-joyride (spotlightClicks)"),
        Synonym("false", "block", "Shepherd.js (canClickTarget) and react-joyride (spotlightClicks)"),
        Synonym("allow", "pass", "Instructions (allowTouchInsideCutoutPath)"),
        Synonym("through", "pass", "coach-mark libraries (click-through)"),
        Synonym("disable", "block", "Intro.js (disableInteraction)"),
        Synonym("prevent", "block", "driver.js (disableActiveInteraction)"),
    ]

    private static let actionThen: [Synonym] = [
        Synonym("advance", "next", "Shepherd.js (action: tour.next)"),
        Synonym("complete", "end", "Shepherd.js (action: tour.complete)"),
        Synonym("cancel", "end", "Shepherd.js (action: tour.cancel)"),
        Synonym("dismiss", "end", "TipKit (invalidate)"),
        Synonym("close", "end", "driver.js (destroy)"),
        Synonym("none", "stay", "Shepherd.js buttons without an action"),
    ]

    private static let propertyNames: [Synonym] = [
        Synonym("advanceOn", "advance", "Shepherd.js", also: "'event(\"...\")' or 'tap target'"),
        Synonym("exitOnOverlayClick", "overlay-tap", "Intro.js", also: "'end'"),
        Synonym("overlayClickBehavior", "overlay-tap", "driver.js"),
        Synonym("disableOverlayClose", "overlay-tap", "react-joyride", also: "'nothing'"),
        Synonym("canClickTarget", "target-taps", "Shepherd.js", also: "'pass' or 'block'"),
        Synonym("spotlightClicks", "target-taps", "react-joyride", also: "'pass'"),
        Synonym("disableInteraction", "target-taps", "Intro.js", also: "'block'"),
        Synonym("disableActiveInteraction", "target-taps", "driver.js", also: "'block'"),
        Synonym("cancelIcon", "close", "Shepherd.js"),
        Synonym("showCancelLink", "close", "Shepherd.js"),
        Synonym("cancel", "skip", "Shepherd.js (tour.cancel)"),
        Synonym("dismiss", "skip", "TipKit and react-joyride"),
        Synonym("exit", "skip", "Intro.js (exit)"),
        Synonym("skipLabel", "skip", "Intro.js"),
        Synonym("prev", "back", "Intro.js and driver.js"),
        Synonym("previous", "back", "Shepherd.js (tour.back) and driver.js"),
        Synonym("prevLabel", "back", "Intro.js"),
        Synonym("prevBtnText", "back", "driver.js"),
        Synonym("doneLabel", "done", "Intro.js"),
        Synonym("doneBtnText", "done", "driver.js"),
        Synonym("finish", "done", "react-joyride (last)"),
        Synonym("next", "advance", "Shepherd.js and driver.js (the Next button)", also: "'button \"...\"'"),
        Synonym("nextLabel", "advance", "Intro.js", also: "'button \"...\"'"),
        Synonym("nextBtnText", "advance", "driver.js", also: "'button \"...\"'"),
        // A step's words in the tours people port from: without these, Shepherd's `text` was
        // one edit from `next` and led to 'advance'.
        Synonym("text", "body", "Shepherd.js"),
        Synonym("description", "body", "driver.js (popover.description)"),
        Synonym("intro", "body", "Intro.js"),
        Synonym("content", "body", "react-joyride"),
        Synonym("message", "body", "TipKit (Tip.message)"),
        Synonym("attachTo", "highlight", "Shepherd.js"),
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
