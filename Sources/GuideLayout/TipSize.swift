import GuideIR

/// The estimated size of a tip bubble from its content, and the text measurements behind it.
///
/// The bubble holds, top to bottom with `spacing` between blocks: the title, the body, the
/// progress text (caption1) and the tip's buttons (`back`, `skip`, its actions, then the
/// `button` trigger or `done`), laid in rows at least 44 pt tall that wrap when they are wider
/// than the text. A close control takes `closeWidth` at the trailing edge of the texts. With a
/// bubble background the content is inset by `padding` on every side; without one (text drawn
/// on the overlay, as in seeds 000 and 001) it is not. Text wraps at the tip's `max-width` (or
/// the safe area less margins, if narrower). Every translation is measured and the tallest
/// kept, so a long German or a wide CJK translation is what gets checked. The step's image is
/// not measured (its size is only known at runtime).
public struct TipSize: Equatable, Sendable {
    /// The bubble's width.
    public var width: Double
    /// The bubble's height.
    public var height: Double
    /// The title's measurement, if any, with the locale it came from.
    public var title: MeasuredText?
    /// The body's measurement, if any, with the locale it came from.
    public var body: MeasuredText?
    /// The progress text's measurement (of its widest form), if the step shows one.
    public var progress: MeasuredText?
    /// The inset of the content from the bubble's edges: `padding` with a bubble, else 0.
    public var inset: Double
    /// The width the title, body and progress wrap at (the content less the close control).
    public var textWidth: Double
    /// What the close control takes at the trailing edge of the texts (0 without one).
    public var closeWidth: Double
    /// The rows of buttons, top to bottom, each with its buttons in the order laid out.
    public var buttonRows: [ButtonRow]

    /// One row of a tip's buttons.
    public struct ButtonRow: Equatable, Sendable {
        /// The row's width: its buttons and the spacing between them.
        public var width: Double
        /// The row's height: its tallest button.
        public var height: Double
        /// Each button's width and height, in the order laid out.
        public var buttons: [ButtonSize]
    }

    /// The size of one button of a tip.
    public struct ButtonSize: Equatable, Sendable {
        /// The button's width: its label plus `padding` on each side, at most the content's width.
        public var width: Double
        /// The button's height: at least `buttonHeight`.
        public var height: Double
    }

    /// A measured text block and the locale of the translation measured.
    public struct MeasuredText: Equatable, Sendable {
        /// The measurement.
        public var measurement: TextMeasurement
        /// The locale whose translation was the tallest ("" for a literal).
        public var locale: String
    }

    /// Inner padding of a tip with a background.
    public static let padding = 12.0
    /// Space between the blocks of a tip.
    public static let spacing = 4.0
    /// The smallest button row.
    public static let buttonHeight = 44.0
    /// Space between two buttons in a row.
    public static let buttonSpacing = 8.0
    /// What a close control (its x, 24 pt, and the space before it) takes beside the texts.
    public static let closeWidth = 32.0

    /// Measures a step's tip for `screen` at a text size.
    public init(step: IRStep, screen: Screen, category: ContentSizeCategory) {
        self.init(step: step, widest: Self.widest(step: step, screen: screen), category: category)
    }

    /// The widest a step's tip may be on a screen: its `max-width`, or the safe area less
    /// margins if narrower. Screens with the same value give the same tip size.
    public static func widest(step: IRStep, screen: Screen) -> Double {
        // At least one point: on a screen narrower than its margins the text wraps a character
        // a line and the tip is found not to fit, rather than getting a negative width.
        max(1, min(step.tip.maxWidth, screen.safeBounds.width - 2 * TipPlacement.margin))
    }

    /// Measures a step's tip when it may be `widest` points wide.
    public init(step: IRStep, widest: Double, category: ContentSizeCategory) {
        self.init(step: step, texts: StepTexts(step: step, category: category), widest: widest)
    }

    /// A step's texts, every translation scanned once, to measure the tip at several widths.
    public struct StepTexts: Sendable {
        let title: Translations?
        let body: Translations?
        let progress: Translations?
        let buttons: [Translations]
        let hasClose: Bool

        /// Scans the texts of `step` at `category`.
        public init(step: IRStep, category: ContentSizeCategory) {
            title = step.title.map { Translations($0, font: step.tip.titleFont, category: category) }
            body = step.body.map { Translations($0, font: step.tip.bodyFont, category: category) }
            // The widest progress text a tour of up to 99 steps shows.
            progress = step.progress.map {
                Translations($0, font: TipSize.progressFont, category: category) {
                    $0.replacing("{current}", with: "99").replacing("{total}", with: "99")
                }
            }
            buttons = TipSize.buttonLabels(of: step).map {
                Translations($0, font: TipSize.buttonFont, category: category)
            }
            hasClose = step.controls.close != nil
        }
    }

    /// The labels of the buttons a step's tip shows, in the order they are laid out: `back`,
    /// `skip`, the actions, then the way forward (the `button` trigger, or `done` in its place).
    public static func buttonLabels(of step: IRStep) -> [IRText] {
        var labels = [step.controls.back, step.controls.skip].compactMap { $0 }
        labels += step.actions.map(\.label)
        var forward: IRText?
        for case .button(let label) in step.advance { forward = label }
        if let forward = step.controls.done ?? forward { labels.append(forward) }
        return labels
    }

    /// The width a button's label wraps at in a tip whose content is `contentWidth` wide.
    public static func buttonLabelWidth(contentWidth: Double) -> Double { max(1, contentWidth - 2 * padding) }

    /// The font a tip's buttons are drawn and measured in: body, semibold.
    public static let buttonFont = IRFont(textStyle: "body", size: 17, weight: "semibold", family: nil)
    /// The font a tip's progress text is drawn and measured in: caption1.
    public static let progressFont = IRFont(textStyle: "caption1", size: 12, weight: "regular", family: nil)

    /// Every translation of one text, scanned once.
    public struct Translations: Sendable {
        private let candidates: [(locale: String, text: PreparedText)]

        /// Scans every translation of `text` (or its one value), after `transform`.
        public init(_ text: IRText, font: IRFont, category: ContentSizeCategory, transform: (String) -> String = { $0 }) {
            let values = text.translations.isEmpty ? [(locale: "", value: text.defaultValue)] : text.translations
            candidates = values.map { ($0.locale, PreparedText(transform($0.value), font: font, category: category)) }
        }

        /// The tallest translation at `width` (the widest of the tallest on a tie; the first of
        /// equals).
        public func tallest(width: Double) -> MeasuredText {
            var best = MeasuredText(measurement: candidates[0].text.measure(maxWidth: width), locale: candidates[0].locale)
            for (locale, text) in candidates.dropFirst() {
                let measurement = text.measure(maxWidth: width)
                if measurement.height > best.measurement.height
                    || (measurement.height == best.measurement.height && measurement.width > best.measurement.width) {
                    best = MeasuredText(measurement: measurement, locale: locale)
                }
            }
            return best
        }
    }

    /// Measures a step's tip from its scanned texts when it may be `widest` points wide.
    public init(step: IRStep, texts: StepTexts, widest: Double) {
        let inset = step.tip.background == nil ? 0 : Self.padding
        let contentWidth = max(1, widest - 2 * inset)
        // The close control sits beside the texts, so they wrap that much narrower.
        let close = texts.hasClose ? min(Self.closeWidth, contentWidth - 1) : 0
        let textWidth = contentWidth - close
        var blocks: [(width: Double, height: Double)] = []
        title = texts.title?.tallest(width: textWidth)
        body = texts.body?.tallest(width: textWidth)
        for text in [title, body].compactMap({ $0 }) { blocks.append((text.measurement.width + close, text.measurement.height)) }
        progress = texts.progress?.tallest(width: textWidth)
        if let sample = progress {
            blocks.append((sample.measurement.width + close, sample.measurement.height))
        }
        if blocks.isEmpty, close > 0 { blocks.append((close, Self.buttonHeight)) }
        buttonRows = Self.buttonRows(texts.buttons, width: contentWidth)
        blocks += buttonRows.map { ($0.width, $0.height) }
        self.inset = inset
        self.textWidth = textWidth
        closeWidth = close
        let usedWidth = blocks.map(\.width).max() ?? 0
        let contentHeight = blocks.map(\.height).reduce(0, +) + Self.spacing * Double(max(0, blocks.count - 1))
        width = min(widest, usedWidth + 2 * inset)
        height = contentHeight + 2 * inset
    }

    /// The rows the buttons fill, each as wide as its buttons and as tall as its tallest: a
    /// button is its label plus `padding` on each side and at least `buttonHeight` tall, and a
    /// button that does not fit beside the ones before it starts a new row.
    static func buttonRows(_ buttons: [Translations], width: Double) -> [ButtonRow] {
        var rows: [ButtonRow] = []
        var row: ButtonRow?
        for button in buttons {
            let label = button.tallest(width: Self.buttonLabelWidth(contentWidth: width)).measurement
            let size = ButtonSize(width: min(width, label.width + 2 * Self.padding), height: max(Self.buttonHeight, label.height + 16))
            if let current = row, current.width + Self.buttonSpacing + size.width <= width + TextMetrics.tolerance {
                row = ButtonRow(width: current.width + Self.buttonSpacing + size.width, height: max(current.height, size.height),
                                buttons: current.buttons + [size])
            } else {
                if let current = row { rows.append(current) }
                row = ButtonRow(width: size.width, height: size.height, buttons: [size])
            }
        }
        if let row { rows.append(row) }
        return rows
    }
}
