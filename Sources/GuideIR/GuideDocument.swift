/// The lowered, fully resolved program: styles applied, defaults filled, order resolved, colours
/// normalised and durations in seconds. Emitters read only this.
public struct GuideDocument: Equatable, Sendable {
    /// The name of the JSON format, written at the top of every document.
    public static let formatName = "guide-ir"
    /// The version of the JSON format; bumped on any incompatible change.
    public static let formatVersion = 2

    /// The locale used when the app's locale has no translation.
    public var defaultLocale: String?
    /// Every locale that has strings, default first, then in declaration order.
    public var locales: [String]
    /// The guides, in declaration order across files.
    public var guides: [IRGuide]
    /// The parameters, frequency and groups the guides share.
    public var rules: IRProgramRules

    /// Creates a document.
    public init(defaultLocale: String? = nil, locales: [String], rules: IRProgramRules = IRProgramRules(), guides: [IRGuide]) {
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.rules = rules
        self.guides = guides
    }
}

/// One guide.
public struct IRGuide: Equatable, Sendable {
    /// The guide's identifier.
    public var id: String
    /// The guide's title.
    public var title: IRText
    /// When the guide may show.
    public var show: IRShowRule
    /// The walkthrough pages, if the guide has any.
    public var pages: IRPages?
    /// The screens the guide's tours run on, with their targets.
    public var screens: [IRScreen]
    /// The spotlight tours, in declaration order.
    public var tours: [IRTour]
    /// Where the guide is declared (its name), for lint diagnostics; not emitted.
    public var range: SourceRange?
    /// Lint settings written in the guide (`devices`, `allow`, `deny`); not emitted.
    public var lint = IRLintSettings()

    /// Creates a guide.
    public init(
        id: String, title: IRText, show: IRShowRule, pages: IRPages? = nil, screens: [IRScreen], tours: [IRTour],
        range: SourceRange? = nil, lint: IRLintSettings = IRLintSettings()
    ) {
        self.id = id
        self.title = title
        self.show = show
        self.pages = pages
        self.screens = screens
        self.tours = tours
        self.range = range
        self.lint = lint
    }
}

/// Lint settings a guide carries for `guidec lint`; they do not reach the app.
public struct IRLintSettings: Equatable, Sendable {
    /// Device identifiers to lint this guide on; empty for the command line's choice.
    public var devices: [String] = []
    /// The orientations the app supports for this guide; empty for the command line's choice.
    public var orientations: [Orientation] = []
    /// Codes not reported for this guide.
    public var allowed: [String] = []
    /// Codes reported as errors for this guide.
    public var denied: [String] = []
    /// Every block's `allow` and `deny`, by what they reach (`IRLintScopes.swift`).
    public var scopes = IRLintScopes()

    /// Creates empty settings.
    public init() {}
}

/// Text that is either a literal or a key into the strings table.
public struct IRText: Equatable, Sendable {
    /// The text in the default locale (or the literal).
    public var defaultValue: String
    /// The strings key, when the text is localised.
    public var key: String?
    /// The text in every locale, when the text is localised.
    public var translations: [(locale: String, value: String)]

    /// Creates a literal text.
    public init(literal: String) {
        defaultValue = literal
        key = nil
        translations = []
    }

    /// Creates a localised text.
    public init(key: String, defaultValue: String, translations: [(locale: String, value: String)]) {
        self.key = key
        self.defaultValue = defaultValue
        self.translations = translations
    }

    /// Whether two texts say the same: the same default, key and translations in the same order.
    public static func == (left: IRText, right: IRText) -> Bool {
        left.defaultValue == right.defaultValue && left.key == right.key
            && left.translations.map(\.locale) == right.translations.map(\.locale)
            && left.translations.map(\.value) == right.translations.map(\.value)
    }
}

/// When a guide may show.
public struct IRShowRule: Equatable, Sendable {
    /// The persistence key under which the app counts showings.
    public var key: String
    /// The content version; bumping it re-shows the guide to people who saw an older one.
    public var version: Int
    /// The most times the guide shows, or nil for no limit.
    public var maxCount: Int?
    /// Seconds to wait before showing.
    public var delay: Double
    /// Guides that must have completed first.
    public var after: [String]
    /// What must hold of the app's events and parameters, or nil for nothing.
    public var condition: IRCondition?
    /// The most seconds the guide stays on screen in all (across sessions), or nil for no limit.
    public var maxDuration: Double?
    /// Whether the guide may show however recently another did (the program's frequency).
    public var ignoresFrequency: Bool
    /// The app events that invalidate the guide for good: the user did what it teaches.
    public var invalidatedBy: [String]

    /// Creates a show rule.
    public init(
        key: String, version: Int, maxCount: Int? = nil, delay: Double, after: [String], condition: IRCondition? = nil,
        maxDuration: Double? = nil, ignoresFrequency: Bool = false, invalidatedBy: [String] = []
    ) {
        self.key = key
        self.version = version
        self.maxCount = maxCount
        self.delay = delay
        self.after = after
        self.condition = condition
        self.maxDuration = maxDuration
        self.ignoresFrequency = ignoresFrequency
        self.invalidatedBy = invalidatedBy
    }
}

/// A rule over a counted app event, such as `"opened-settings" >= 3`.
public struct IREventCondition: Equatable, Sendable {
    /// The event's name.
    public var event: String
    /// The comparison: `>=`, `>`, `==`, `!=`, `<=` or `<`.
    public var comparison: String
    /// The count compared against.
    public var count: Int
    /// Counts only the events of the last this many seconds (`within 7 days`), or nil for all.
    public var within: Double?

    /// Creates an event condition.
    public init(event: String, comparison: String, count: Int, within: Double? = nil) {
        self.event = event
        self.comparison = comparison
        self.count = count
        self.within = within
    }
}

/// A colour with an optional dark-mode variant, each `#RRGGBBAA`.
public struct IRColor: Equatable, Sendable {
    /// The colour in light mode.
    public var light: String
    /// The colour in dark mode, if different.
    public var dark: String?

    /// Creates a colour.
    public init(light: String, dark: String? = nil) {
        self.light = light
        self.dark = dark
    }
}

/// A font: a Dynamic Type style or a fixed size, a weight and an optional family.
public struct IRFont: Equatable, Sendable {
    /// The Dynamic Type text style, such as `title1`; nil for a fixed size.
    public var textStyle: String?
    /// The size in points at the default text size.
    public var size: Double
    /// The weight, such as `bold`.
    public var weight: String
    /// A custom font family, if any.
    public var family: String?

    /// Creates a font.
    public init(textStyle: String? = nil, size: Double, weight: String, family: String? = nil) {
        self.textStyle = textStyle
        self.size = size
        self.weight = weight
        self.family = family
    }
}

/// The walkthrough pages of a guide.
public struct IRPages: Equatable, Sendable {
    /// The page indicator: `dots` or `none`.
    public var indicator: String
    /// The button labels; nil hides a button.
    public var buttons: IRButtons
    /// The pages in order.
    public var pages: [IRPage]

    /// Creates the pages of a guide.
    public init(indicator: String, buttons: IRButtons, pages: [IRPage]) {
        self.indicator = indicator
        self.buttons = buttons
        self.pages = pages
    }
}

/// Labels of the walkthrough buttons.
public struct IRButtons: Equatable, Sendable {
    /// Skips the walkthrough; shown on every page but the last.
    public var skip: IRText?
    /// Goes to the next page; shown on every page but the last.
    public var next: IRText?
    /// Finishes the walkthrough; shown on the last page only.
    public var done: IRText?
    /// The close control (an x) on every page, its accessibility label; it ends the walkthrough
    /// as dismissed, like `skip`.
    public var close: IRText?

    /// Creates button labels.
    public init(skip: IRText? = nil, next: IRText? = nil, done: IRText? = nil, close: IRText? = nil) {
        self.skip = skip
        self.next = next
        self.done = done
        self.close = close
    }
}

/// One walkthrough page.
public struct IRPage: Equatable, Sendable {
    /// The page's identifier.
    public var id: String
    /// The image: an asset or a system symbol.
    public var image: IRImage?
    /// The heading.
    public var title: IRText?
    /// The text under the heading.
    public var body: IRText?
    /// The page background.
    public var background: IRColor
    /// The colour of the title and body.
    public var textColor: IRColor
    /// The heading's font.
    public var titleFont: IRFont
    /// The body's font.
    public var bodyFont: IRFont
    /// The most lines the title and the body may each take, or nil for the default (3 and 8).
    public var maxLines: Int?
    /// Where the page is declared, for lint diagnostics; not emitted.
    public var range: SourceRange?

    /// Creates a page.
    public init(
        id: String, image: IRImage? = nil, title: IRText? = nil, body: IRText? = nil, background: IRColor, textColor: IRColor,
        titleFont: IRFont, bodyFont: IRFont, maxLines: Int? = nil, range: SourceRange? = nil
    ) {
        self.id = id
        self.image = image
        self.title = title
        self.body = body
        self.background = background
        self.textColor = textColor
        self.titleFont = titleFont
        self.bodyFont = bodyFont
        self.maxLines = maxLines
        self.range = range
    }
}

/// A screen of the app and the targets on it.
public struct IRScreen: Equatable, Sendable {
    /// The screen's identifier.
    public var id: String
    /// The targets, in declaration order.
    public var targets: [IRTarget]

    /// Creates a screen.
    public init(id: String, targets: [IRTarget]) {
        self.id = id
        self.targets = targets
    }
}

/// A view on a screen, located by constraints that hold on any device.
public struct IRTarget: Equatable, Sendable {
    /// The target's identifier.
    public var id: String
    /// The accessibility identifier the app uses to find the real view.
    public var accessibilityID: String?
    /// Where the target is.
    public var frame: IRFrame
    /// The scroll container the target lives in, and where to scroll it.
    public var scroll: IRScroll?
    /// The axes along which this target scrolls its content, if it is a scroll container.
    public var scrollAxis: String?
    /// Where the target is declared, for lint diagnostics; not emitted.
    public var range: SourceRange?

    /// Creates a target.
    public init(
        id: String, accessibilityID: String? = nil, frame: IRFrame, scroll: IRScroll? = nil, scrollAxis: String? = nil,
        range: SourceRange? = nil
    ) {
        self.id = id
        self.accessibilityID = accessibilityID
        self.frame = frame
        self.scroll = scroll
        self.scrollAxis = scrollAxis
        self.range = range
    }
}

/// A target's frame: two constraints per axis, or an absolute rectangle.
public enum IRFrame: Equatable, Sendable {
    /// Two constraints on each axis.
    case constraints(horizontal: [IRConstraint], vertical: [IRConstraint])
    /// A fixed rectangle in points from the screen's top-leading corner.
    case absolute(x: Double, y: Double, width: Double, height: Double)
}

/// One constraint on a frame axis.
public struct IRConstraint: Equatable, Sendable {
    /// `leading`, `trailing`, `centerX`, `width`, `top`, `bottom`, `centerY` or `height`.
    public var attribute: String
    /// The value: points, or a fraction (0-1) of the reference length.
    public var value: Double
    /// `points`, `fraction`, or `fractionPlusPoints` (the fraction `value` plus `points`).
    public var unit: String
    /// `screen` or `safeArea`: what the value is measured from.
    public var relativeTo: String
    /// The constant in points added to the fraction when `unit` is `fractionPlusPoints`
    /// (`50% + 12.5`); 0 otherwise, and not emitted then.
    public var points: Double

    /// Creates a constraint.
    public init(attribute: String, value: Double, unit: String, relativeTo: String, points: Double = 0) {
        self.attribute = attribute
        self.value = value
        self.unit = unit
        self.relativeTo = relativeTo
        self.points = points
    }
}

/// How to scroll a target's container before highlighting it.
public struct IRScroll: Equatable, Sendable {
    /// The container target's identifier.
    public var container: String
    /// Where the target should end up: leading, center, trailing, top or bottom; nil for nearest.
    public var anchor: String?

    /// Creates a scroll.
    public init(container: String, anchor: String? = nil) {
        self.container = container
        self.anchor = anchor
    }
}

/// A spotlight tour.
public struct IRTour: Equatable, Sendable {
    /// The tour's identifier.
    public var id: String
    /// The screen it runs on.
    public var screen: String
    /// The steps in resolved order.
    public var steps: [IRStep]

    /// Creates a tour.
    public init(id: String, screen: String, steps: [IRStep]) {
        self.id = id
        self.screen = screen
        self.steps = steps
    }
}

/// One step of a tour.
public struct IRStep: Equatable, Sendable {
    /// The step's identifier.
    public var id: String
    /// The highlighted targets; empty for a centred message.
    public var targets: [String]
    /// The tip's title.
    public var title: IRText?
    /// The tip's body.
    public var body: IRText?
    /// An image shown with the tip: an asset or a system symbol.
    public var image: IRImage?
    /// Where to scroll the highlighted target's container to, overriding the target's own anchor.
    public var scrollAnchor: String?
    /// The cut-out shape.
    public var shape: IRShape
    /// Space between the target and the cut-out edge, in points.
    public var padding: Double
    /// The dimming overlay; nil for `overlay: none`, which dims nothing and cuts no hole (a
    /// popover-style tip over the app as it is).
    public var overlay: IROverlay?
    /// Where the tip goes.
    public var placement: IRPlacement
    /// The ways the step advances, any of which moves it on (at least one).
    public var advance: [IRAdvance]
    /// The step's controls besides its advance triggers.
    public var controls: IRControls
    /// What a tap on the overlay does: `advance`, `end` (dismissed) or `nothing`.
    public var overlayTap: String
    /// Whether taps on the cut-out reach the highlighted target: `pass` or `block`.
    public var targetTaps: String
    /// The tip's custom action buttons, in declaration order.
    public var actions: [IRAction]
    /// Progress text such as "{current} of {total}", if shown.
    public var progress: IRText?
    /// What to do when the target is missing at runtime.
    public var missingTarget: IRMissingTarget
    /// The tip bubble's look.
    public var tip: IRTipStyle
    /// Where the step is declared, for lint diagnostics; not emitted.
    public var range: SourceRange?
    /// Where the `overlay` property that applies to the step is written (on the step, its tour
    /// or a style), for lint diagnostics; nil for the default. Not emitted.
    public var overlayRange: SourceRange?

    /// Creates a step.
    public init(
        id: String, targets: [String], title: IRText? = nil, body: IRText? = nil, image: IRImage? = nil,
        scrollAnchor: String? = nil, shape: IRShape, padding: Double, overlay: IROverlay? = nil, placement: IRPlacement,
        advance: [IRAdvance], controls: IRControls = IRControls(), overlayTap: String = "nothing", targetTaps: String = "block",
        actions: [IRAction] = [], progress: IRText? = nil, missingTarget: IRMissingTarget, tip: IRTipStyle,
        range: SourceRange? = nil, overlayRange: SourceRange? = nil
    ) {
        self.id = id
        self.targets = targets
        self.title = title
        self.body = body
        self.image = image
        self.scrollAnchor = scrollAnchor
        self.shape = shape
        self.padding = padding
        self.overlay = overlay
        self.placement = placement
        self.advance = advance
        self.controls = controls
        self.overlayTap = overlayTap
        self.targetTaps = targetTaps
        self.actions = actions
        self.progress = progress
        self.missingTarget = missingTarget
        self.tip = tip
        self.range = range
        self.overlayRange = overlayRange
    }
}

/// A spotlight cut-out shape.
public enum IRShape: Equatable, Sendable {
    /// A capsule when height / width exceeds the threshold, else a rounded rectangle.
    case auto(threshold: Double, cornerRadius: Double)
    /// A circle around the target's centre; nil radius encloses the target.
    case circle(radius: Double?)
    /// A plain rectangle.
    case rect
    /// A rectangle with rounded corners.
    case rounded(cornerRadius: Double)
    /// A rectangle with fully rounded ends.
    case capsule
}

/// The overlay that dims everything but the cut-out.
public struct IROverlay: Equatable, Sendable {
    /// The colour in light mode.
    public var color: String
    /// Opacity 0-1 applied to the colour.
    public var opacity: Double
    /// The dark-mode colour, if different.
    public var darkColor: String?
    /// The dark-mode opacity, if a dark colour is given.
    public var darkOpacity: Double?

    /// Creates an overlay.
    public init(color: String, opacity: Double, darkColor: String? = nil, darkOpacity: Double? = nil) {
        self.color = color
        self.opacity = opacity
        self.darkColor = darkColor
        self.darkOpacity = darkOpacity
    }
}

/// Where a tip goes relative to its target.
public struct IRPlacement: Equatable, Sendable {
    /// `auto`, `above`, `below`, `leading`, `trailing` or `center`.
    public var side: String
    /// The distance between the tip and the target, in points.
    public var gap: Double
    /// `cutout` (the padded cut-out's edge) or `target` (the target's own frame): where the gap starts.
    public var gapFrom: String
    /// `edge` (the tip's near edge) or `center` (the tip's centre): where the gap ends.
    public var gapTo: String
    /// When to use the opposite side.
    public var flip: IRFlip
    /// `auto`, `leading`, `center` or `trailing`.
    public var alignment: String
    /// `target` or `screen`: what the alignment is relative to.
    public var alignTo: String

    /// Creates a placement.
    public init(side: String, gap: Double, gapFrom: String, gapTo: String, flip: IRFlip, alignment: String, alignTo: String) {
        self.side = side
        self.gap = gap
        self.gapFrom = gapFrom
        self.gapTo = gapTo
        self.flip = flip
        self.alignment = alignment
        self.alignTo = alignTo
    }
}

/// When a tip flips to the opposite side.
public enum IRFlip: Equatable, Sendable {
    /// When it does not fit on the requested side.
    case auto
    /// Never.
    case none
    /// When the target is within this many points of the requested side's screen edge.
    case within(distance: Double)
}

/// How a step advances.
public enum IRAdvance: Equatable, Sendable {
    /// A tap anywhere on the screen.
    case tapAnywhere
    /// A tap on the highlighted target.
    case tapTarget
    /// A button in the tip with this label.
    case button(label: IRText)
    /// Automatically after this many seconds.
    case after(seconds: Double)
    /// When the app reports the named event. After `timeout` seconds without it the step goes on
    /// as `then` says (`next` or `end`); both are nil when the step waits for as long as it shows.
    case event(name: String, timeout: Double?, then: String?)
}

/// What to do when a step's target is not on screen.
public enum IRMissingTarget: Equatable, Sendable {
    /// Skip the step.
    case skip
    /// Wait up to this many seconds for it, then skip.
    case wait(seconds: Double)
    /// End the tour.
    case end
}

/// The look of a tip bubble.
public struct IRTipStyle: Equatable, Sendable {
    /// The bubble's fill; nil draws the text straight on the overlay.
    public var background: IRColor?
    /// The text colour.
    public var textColor: IRColor
    /// The title's font.
    public var titleFont: IRFont
    /// The body's font.
    public var bodyFont: IRFont
    /// The widest the bubble may be, in points.
    public var maxWidth: Double
    /// The bubble's corner radius, in points.
    public var cornerRadius: Double
    /// The most lines the title and the body may each take, or nil for the default (3 and 8).
    public var maxLines: Int?

    /// Creates a tip style.
    public init(
        background: IRColor? = nil, textColor: IRColor, titleFont: IRFont, bodyFont: IRFont, maxWidth: Double,
        cornerRadius: Double, maxLines: Int? = nil
    ) {
        self.background = background
        self.textColor = textColor
        self.titleFont = titleFont
        self.bodyFont = bodyFont
        self.maxWidth = maxWidth
        self.cornerRadius = cornerRadius
        self.maxLines = maxLines
    }
}
