import GuideIR
import GuideLayout

/// Lays every step and page of a checked document out on a set of screens and reports what
/// breaks: targets off screen or under unsafe areas, tips that fit nowhere or cover their
/// target, too many lines, small tap targets, low contrast, weak overlays, unanchored scrolls.
///
/// Pure: no I/O. A finding that repeats on several screens is reported once, naming them all,
/// with the numbers of the first few.
public struct Linter: Sendable {
    /// What to lint on.
    public struct Options: Sendable {
        /// The screens to lint on, unless a guide names its own `devices`.
        public var screens: [Screen]
        /// The orientations used for a guide's own `devices`.
        public var orientations: [Orientation]
        /// The Dynamic Type size.
        public var category: ContentSizeCategory
        /// Whether `run` returns where every tip landed; only JSON output shows it, and on a large
        /// program the layouts cost more memory than the IR.
        public var recordsLayouts: Bool
        /// Whether findings an `allow` silences are kept, with their suppressions, for SARIF;
        /// otherwise they are dropped as they are found.
        public var keepsSuppressed: Bool
        /// The frames the app measured (`guidec lint --frames`): laid out against where they
        /// exist for a screen and text size, and compared with the declared ones (GL1013).
        public var measuredFrames: MeasuredFrames?
        /// The file the measured frames were read from, for the diagnostics about it (GL1014).
        public var framesFile: FileID

        /// Creates options.
        public init(
            screens: [Screen], orientations: [Orientation] = Orientation.allCases, category: ContentSizeCategory = .large,
            recordsLayouts: Bool = true, keepsSuppressed: Bool = false, measuredFrames: MeasuredFrames? = nil,
            framesFile: FileID = FileID(Int(Int32.max))
        ) {
            self.measuredFrames = measuredFrames
            self.framesFile = framesFile
            self.screens = screens
            self.orientations = orientations
            self.category = category
            self.recordsLayouts = recordsLayouts
            self.keepsSuppressed = keepsSuppressed
        }
    }

    /// Most lines a tip's or page's title may take.
    public static let maximumTitleLines = 3
    /// Most lines a tip's or page's body may take.
    public static let maximumBodyLines = 8
    /// Smallest contrast between the dimmed screen and the cut-out for a spotlight to read
    /// (the overlay over white against white).
    public static let minimumOverlayContrast = OverlayContrast.minimum

    /// One problem on one screen, before findings are merged across screens.
    struct Finding: Sendable {
        var code: DiagnosticCode
        var range: SourceRange
        var message: String
        var labels: [Diagnostic.Label]
        /// What broke on this screen, with numbers.
        var detail: String
        var help: [String]
        /// The step a finding reported where a shared value is written applies to, for its notes.
        var subject: Subject?
        /// What the `allow` and `deny` of the blocks it is about decide.
        var decision = Decision()
    }

    /// A step that a finding about a value written once (on a tour or in a style) applies to.
    struct Subject: Sendable {
        var guide: String
        var tour: String
        var step: String
    }

    /// Where one step's tip and cut-outs land on one screen.
    public struct StepLayout: Equatable, Sendable {
        /// The guide's identifier.
        public var guide: String
        /// The tour's identifier.
        public var tour: String
        /// The step's identifier.
        public var step: String
        /// The screen.
        public var screen: Screen
        /// The highlighted targets' frames, in `step.targets` order.
        public var targetFrames: [Rect]
        /// The cut-outs, in the same order.
        public var cutouts: [Cutout]
        /// The tip's size and placement.
        public var placement: TipPlacement
    }

    let options: Options
    /// The findings of the guide being linted, one per screen.
    var findings: [Finding] = []
    /// The findings of the guides linted so far, already merged across screens within each
    /// guide: merging there, on the background and every core, leaves little for the end.
    var groups: [FindingGroup] = []
    /// Where every step's tip landed, when the options ask for it.
    private(set) var layouts: [StepLayout] = []
    var currentGuide = ""
    private var currentTour = ""
    /// The `allow` and `deny` of the guide being linted.
    var currentScopes = IRLintScopes()
    /// The step or page being linted, for the blocks a finding about it reaches.
    var currentSubject: IRLintSubject?
    /// The screen the tour being linted runs on.
    var currentScreen: String?
    /// The screen being laid out, while a step or page is laid out on one (nil for the checks
    /// that do not depend on the screen), for the findings of each picture.
    var currentLayoutScreen: Screen?
    /// Every finding by the picture it is on, when `Linter.pictureFindings` asks for them.
    var pictureFindings: [PictureFinding]?
    /// The `allow` rules that reached something laid out, by where they are written.
    var reachedRules: [SourceRange: IRLintRule] = [:]
    /// Where the `allow` rules that silenced a finding are written.
    var usedRules: Set<SourceRange> = []

    init(options: Options) { self.options = options }

    /// Lints a document; the diagnostics are in source order, one per finding. Pass
    /// `reportingUnusedAllows: false` for a document some guides were left out of (for errors):
    /// an `allow` that silences nothing here may be needed there.
    public static func lint(_ document: GuideDocument, options: Options, reportingUnusedAllows: Bool = true) -> [Diagnostic] {
        run(document, options: options, reportingUnusedAllows: reportingUnusedAllows).diagnostics
    }

    /// Lints a document and also returns where every step's tip landed on every screen.
    public static func run(
        _ document: GuideDocument, options: Options, reportingUnusedAllows: Bool = true
    ) -> (diagnostics: [Diagnostic], layouts: [StepLayout]) {
        let stream = LintStream(options: options, lowersAlongside: false)
        for guide in document.guides { stream.receive(guide) }
        return stream.finish(reportingUnusedAllows: reportingUnusedAllows)
    }

    /// Lints `items` (guides, or runs of a huge guide's steps) on `cores` cores: they are laid
    /// out independently, so they are split into contiguous chunks, and the chunks are joined in
    /// order, so the output does not depend on timing.
    static func lint(_ items: [LintItem], options: Options, cores: Int = ProcessorCount.online) -> [Linter] {
        // Four chunks a core even out guides of different sizes; at most `cores` of them run at
        // once, so the other cores stay free (for the checker's lowering).
        let chunkCount = min(items.count, ProcessorCount.online * 4)
        return concurrentMap(chunkCount, workers: cores) { chunk in
            let range = (items.count * chunk / chunkCount)..<(items.count * (chunk + 1) / chunkCount)
            var linter = Linter(options: options)
            for index in range { linter.lint(items[index].guide, position: items[index].position, stepsOnly: items[index].stepsOnly) }
            return linter
        }
    }

    /// Adds another linter's findings and layouts after this one's.
    mutating func append(_ other: Linter) {
        groups += other.groups
        layouts += other.layouts
        reachedRules.merge(other.reachedRules) { first, _ in first }
        usedRules.formUnion(other.usedRules)
    }

    /// What `append(_:keepingAtMost:reports:)` left out of one guide: how many findings, where
    /// the first was, and their codes (whose severity the guide's `deny` may raise).
    struct LeftOut: Sendable {
        var count = 0
        var firstRange: SourceRange?
        var codes: Set<DiagnosticCode> = []
        /// The codes of those a `deny` made errors.
        var deniedCodes: Set<DiagnosticCode> = []
    }

    /// Drops the layouts recorded so far (once they are handed elsewhere).
    mutating func removeLayouts() { layouts.removeAll() }

    /// Findings left out by `append(_:keepingAtMost:reports:)`, by guide position.
    private(set) var leftOut: [Int: LeftOut] = [:]

    /// Adds another linter's findings after this one's, keeping at most `limit` merged findings
    /// in all, so that a run's findings cost bounded memory however many there are: those
    /// `reports` turns down (codes silenced for their guide) are dropped, and those past the
    /// limit are counted by guide in `leftOut`.
    mutating func append(_ other: Linter, keepingAtMost limit: Int, reports: (DiagnosticCode, Int) -> Bool) {
        layouts += other.layouts
        reachedRules.merge(other.reachedRules) { first, _ in first }
        usedRules.formUnion(other.usedRules)
        for group in other.groups where group.isDenied || reports(group.finding.code, group.guide) {
            if groups.count < limit {
                groups.append(group)
                continue
            }
            // A silenced finding past the limit is not a problem left out: nothing counts it.
            guard group.suppressions.isEmpty else { continue }
            var left = leftOut[group.guide] ?? LeftOut()
            left.count += 1
            left.codes.insert(group.finding.code)
            if group.isDenied { left.deniedCodes.insert(group.finding.code) }
            if left.firstRange.map({ group.finding.range.start < $0.start }) ?? true { left.firstRange = group.finding.range }
            leftOut[group.guide] = left
        }
        for (guide, left) in other.leftOut {
            var joined = leftOut[guide] ?? LeftOut()
            joined.count += left.count
            joined.codes.formUnion(left.codes)
            joined.deniedCodes.formUnion(left.deniedCodes)
            if let range = left.firstRange, joined.firstRange.map({ range.start < $0.start }) ?? true { joined.firstRange = range }
            leftOut[guide] = joined
        }
    }

    // MARK: Guides

    /// Lints one guide, at `position` in the run; its findings are merged across screens step by
    /// step (a finding's place is its step or page, so no two of them share one), which keeps a
    /// guide of many steps from holding every screen's findings at once.
    /// With `stepsOnly`, only the tours' steps are laid out (a run of a huge guide's steps,
    /// `LintItem`): the guide's own findings and its pages are its header's.
    mutating func lint(_ guide: IRGuide, position: Int, stepsOnly: Bool = false) {
        defer { groupFindings(ofGuide: position) }
        currentGuide = guide.id
        currentScopes = guide.lint.scopes
        currentSubject = nil
        currentScreen = nil
        reach(nil)
        let screens = ScreenSelection.screens(for: guide.lint, screens: options.screens, orientations: options.orientations)
        // Saying nothing would look like a clean bill of health.
        if !stepsOnly, screens.isEmpty, let range = guide.range, guide.pages != nil || !guide.tours.isEmpty {
            let orientations = guide.lint.orientations.map(\.rawValue).joined(separator: " and ")
            record(.guideNotLinted, range, "guide '\(guide.id)' is laid out on no screen",
                   detail: orientations.isEmpty ? "" : "the guide runs in \(orientations) only, and no screen asked for is",
                   help: ["lint it on a screen in an orientation it supports, e.g. '--orientation both'"])
        }
        if !stepsOnly, let pages = guide.pages {
            for page in pages.pages {
                currentSubject = .page(page.id)
                if !screens.isEmpty { reach(currentSubject) }
                lint(page, pages: pages, screens: screens)
                groupFindings(ofGuide: position)
            }
        }
        for tour in guide.tours {
            guard let screenIR = guide.screens.first(where: { $0.id == tour.screen }) else { continue }
            var targets: [String: IRTarget] = [:]
            for target in screenIR.targets { targets[target.id] = target }
            currentTour = tour.id
            currentScreen = tour.screen
            for step in tour.steps {
                currentSubject = .step(tour: tour.id, step: step.id)
                if !screens.isEmpty {
                    reach(currentSubject)
                    for target in step.targets { reach(.target(screen: tour.screen, target: target)) }
                }
                lint(step, targets: targets, screens: screens)
                groupFindings(ofGuide: position)
            }
        }
        if !stepsOnly, options.measuredFrames != nil {
            compareMeasuredFrames(of: guide, screens: screens)
            groupFindings(ofGuide: position)
        }
    }

    // MARK: Steps

    private mutating func lint(_ step: IRStep, targets: [String: IRTarget], screens: [Screen]) {
        guard let range = step.range else { return }
        let highlighted = step.targets.compactMap { targets[$0] }
        lintOnce(step, highlighted: highlighted, range: range)
        var sizesByWidth: [Double: TipSize] = [:]
        // Scanned once, and wrapped again for each distinct width.
        let texts = TipSize.StepTexts(step: step, category: options.category)
        // Read once: the closures below would otherwise capture, and copy, the whole step on
        // every screen, and the loop over targets copied each target.
        let (scrollAnchor, shape, padding) = (step.scrollAnchor, step.shape, step.padding)
        let advancesByTap = step.advance.contains(.tapTarget)
        defer { currentLayoutScreen = nil }
        for screen in screens {
            currentLayoutScreen = screen
            // The targets were looked up once for the step; each frame is the one the runtime and
            // preview show (`TargetLayout.shownFrame`, as `StepGeometry.targetFrames` gives it).
            // A frame the app measured on this screen stands for the estimate, as in the app.
            let measured = measuredFrames(on: screen)
            let frames = highlighted.map { measured[$0.id] ?? TargetLayout.shownFrame(of: $0, on: screen, targets: targets, scrollAnchor: scrollAnchor) }
            for index in highlighted.indices {
                checkPosition(highlighted[index], frame: frames[index], step: step, range: range, screen: screen)
                if advancesByTap { checkTapSize(highlighted[index], frame: frames[index], step: step, range: range, screen: screen) }
            }
            // Without an overlay no hole is cut, but the cut-outs' geometry still places the tip.
            let cutouts = frames.map { Cutout(around: $0, shape: shape, padding: padding) }
            if step.overlay != nil {
                checkOverlaps(cutouts, frames: frames, highlighted: highlighted, step: step, range: range, screen: screen)
            }
            // Text is measured once per distinct width: most screens are wider than the tip.
            let widest = TipSize.widest(step: step, screen: screen)
            let size = sizesByWidth[widest] ?? TipSize(step: step, texts: texts, widest: widest)
            sizesByWidth[widest] = size
            checkLines(size, step: step, range: range, screen: screen)
            // `StepGeometry`'s placement, without copying the tip's size into one per screen.
            let placement = StepGeometry.placement(of: step, frames: frames, cutouts: cutouts, screen: screen, size: size)
            if options.recordsLayouts {
                layouts.append(StepLayout(guide: currentGuide, tour: currentTour, step: step.id, screen: screen,
                                          targetFrames: frames, cutouts: step.overlay == nil ? [] : cutouts, placement: placement))
            }
            if !placement.fits {
                let tried = placement.attempts.map { attempt in
                    "\(attempt.side): needs \(Rect.format(attempt.needed)) pt, room \(Rect.format(attempt.room)) pt"
                        + (attempt.crossNeeded > attempt.crossRoom + 1e-9
                            ? " (and \(Rect.format(attempt.crossNeeded)) across, room \(Rect.format(attempt.crossRoom)))" : "")
                }.joined(separator: "; ")
                // Say what was actually tried: the screen, one side, or every side.
                let message: String
                if placement.side == "center" {
                    message = "the tip of step '\(step.id)' does not fit on the screen"
                } else if placement.attempts.count == 1 {
                    message = "the tip of step '\(step.id)' does not fit \(Self.phrase(placement.side)) its target"
                } else {
                    message = "the tip of step '\(step.id)' fits on no side of its target"
                }
                record(.tipDoesNotFit, range, message,
                       detail: "on \(screen.name): tip \(Rect.format(size.width)) × \(Rect.format(size.height)) pt; \(tried)",
                       help: [placement.attempts.count == 1 && placement.side != "center"
                           ? "shorten the text, or let the tip flip to another side with 'flip: auto'"
                           : "shorten the text, or use a smaller 'title-font' or 'body-font'"])
            } else {
                // Without an overlay nothing is drawn around a target: only the target can be covered.
                let covered = step.overlay == nil ? frames.map { Cutout(bounds: $0, cornerRadius: 0, isCircle: false) } : cutouts
                for (index, shape) in covered.enumerated() where shape.overlaps(placement.rect) {
                    record(.tipCoversTarget, range, "the tip of step '\(step.id)' covers its target '\(highlighted[index].id)'",
                           labels: highlighted[index].range.map { [.init($0, "target '\(highlighted[index].id)' declared here")] } ?? [],
                           detail: "on \(screen.name): tip \(placement.rect) \(Self.phrase(placement.side)) the \(step.overlay == nil ? "target" : "cut-out") \(shape.bounds)",
                           help: [placement.side == "center"
                               ? "a centred tip ignores 'gap': choose a side with 'placement'"
                               : "increase 'gap', or choose another 'placement' or 'flip'"])
                }
            }
        }
    }

    /// A side as it reads in a sentence: "above", "below", "beside (leading)", "centred over".
    static func phrase(_ side: String) -> String {
        switch side {
        case "leading": "on the leading side of"
        case "trailing": "on the trailing side of"
        case "center": "centred over"
        default: side
        }
    }

    /// Checks that do not depend on the screen.
    private mutating func lintOnce(_ step: IRStep, highlighted: [IRTarget], range: SourceRange) {
        for target in highlighted {
            guard let scroll = target.scroll, scroll.anchor == nil, step.scrollAnchor == nil else { continue }
            record(.scrollTargetWithoutAnchor, range,
                   "step '\(step.id)' highlights '\(target.id)' in scroll container '\(scroll.container)' without a scroll anchor",
                   labels: target.range.map { [.init($0, "target '\(target.id)' declared here")] } ?? [], target: target.id,
                   detail: "", help: ["add 'scroll-anchor: leading', 'center' or 'trailing' (top or bottom for vertical scrolling) to the target or the step"])
        }
        checkContrast(text: step.tip.textColor, background: step.tip.background, overlay: step.overlay,
                      fonts: [(step.title != nil, step.tip.titleFont, "title"), (step.body != nil, step.tip.bodyFont, "body")],
                      owner: "step '\(step.id)'", range: range)
        checkOverlay(of: step, range: range)
    }

    private mutating func checkPosition(_ target: IRTarget, frame: Rect, step: IRStep, range: SourceRange, screen: Screen) {
        // Built only when something is reported: this runs for every target on every screen.
        var labels: [Diagnostic.Label] { target.range.map { [Diagnostic.Label($0, "target '\(target.id)' declared here")] } ?? [] }
        // Constraints that contradict each other (`leading: 60%  trailing: 60%`), or a size whose
        // constant outweighs its percentage here (`width: 20% - 100`), leave no frame.
        if frame.width <= 0 || frame.height <= 0 {
            let finding = NoAreaFinding(target, frame: frame, stepID: step.id, on: screen, measured: measuredFrames(on: screen)[target.id] != nil)
            record(.targetOffScreen, range, finding.message, labels: labels, target: target.id, detail: finding.detail, help: [finding.help])
            return
        }
        if !screen.bounds.contains(frame) {
            record(.targetOffScreen, range, "target '\(target.id)' of step '\(step.id)' is not entirely on screen", labels: labels,
                   target: target.id,
                   detail: "on \(screen.name): frame \(frame), screen \(Rect.format(screen.width)) × \(Rect.format(screen.height))",
                   help: ["measure the target from the edge it is nearest to, or use percentages"]
                    // The runtime does not point a tip at what the person cannot see.
                    + (screen.shows(frame) ? [] : ["wholly off the screen, the target is missing when the guide plays: the step follows its 'missing' rule"]))
            return
        }
        let safe = screen.safeBounds
        guard !safe.contains(frame) else { return }
        var edges: [String] = []
        // Name the hardware the device has (the catalogue says which): the Dynamic Island or the
        // notch; else the status bar, which also holds an Android phone's camera hole. A size
        // given by hand could be anything.
        let housing = screen.sensorHousing
        let cutout = housing?.phrase
        let top = cutout ?? (housing == nil ? "the unsafe area at the top" : "the status bar")
        let bottom = screen.isAndroid ? "the navigation bar" : "the home indicator"
        if frame.minY < safe.minY { edges.append("\(top) (top \(Rect.format(safe.minY)))") }
        if frame.maxY > safe.maxY { edges.append("\(bottom) (bottom \(Rect.format(screen.height - safe.maxY)))") }
        // In landscape the Dynamic Island or notch is at one side, whichever way the phone is
        // turned; the other side is kept free to match.
        let (leading, trailing) = (Rect.format(safe.minX), Rect.format(screen.width - safe.maxX))
        switch (frame.minX < safe.minX, frame.maxX > safe.maxX) {
        case (true, true):
            edges.append("the unsafe edges on both sides (\(leading) and \(trailing))" + (cutout.map { ", one of which holds \($0)" } ?? ""))
        case (true, false):
            edges.append("the unsafe leading edge (\(leading))" + (cutout.map { ", where \($0) is when the phone is turned that way" } ?? ""))
        case (false, true):
            edges.append("the unsafe trailing edge (\(trailing))" + (cutout.map { ", where \($0) is when the phone is turned that way" } ?? ""))
        case (false, false):
            break
        }
        record(.targetInUnsafeArea, range, "target '\(target.id)' of step '\(step.id)' reaches under an unsafe area", labels: labels,
               target: target.id,
               detail: "on \(screen.name): frame \(frame) reaches under " + edges.joined(separator: " and "),
               help: [Self.safeAreaHelp(target, frame: frame, safe: safe)])
    }

    private mutating func checkTapSize(_ target: IRTarget, frame: Rect, step: IRStep, range: SourceRange, screen: Screen) {
        let minimum = screen.isAndroid ? 48.0 : 44.0
        guard frame.width < minimum || frame.height < minimum else { return }
        record(.tapTargetTooSmall, range, "step '\(step.id)' advances by tapping '\(target.id)', which is smaller than a comfortable tap target",
               labels: target.range.map { [.init($0, "target '\(target.id)' declared here")] } ?? [], target: target.id,
               detail: "on \(screen.name): \(Rect.format(frame.width)) × \(Rect.format(frame.height)) \(screen.isAndroid ? "dp" : "pt"), minimum \(Rect.format(minimum)) × \(Rect.format(minimum)) \(screen.isAndroid ? "dp (Material)" : "pt (Apple HIG)")",
               help: ["advance with 'tap anywhere' or a button, or enlarge the target"])
    }

    private mutating func checkOverlaps(
        _ cutouts: [Cutout], frames: [Rect], highlighted: [IRTarget], step: IRStep, range: SourceRange, screen: Screen
    ) {
        guard cutouts.count > 1 else { return }
        // Steps highlight a handful of targets: sort by leading edge and compare only neighbours
        // that can still overlap, so this stays O(n log n) however many there are.
        let order = cutouts.indices.sorted { cutouts[$0].bounds.minX < cutouts[$1].bounds.minX }
        // Many targets in one place overlap pairwise: the first pairs are named and one more
        // finding says there are others, so the findings (and the work of finding them) grow
        // with the targets, not with their square.
        var reported = 0
        search: for (position, first) in order.enumerated() {
            for second in order[(position + 1)...] {
                if cutouts[second].bounds.minX >= cutouts[first].bounds.maxX { break }
                // Bounding boxes that share area are only a hint: two rounded holes side by side
                // diagonally can share a box corner that neither covers.
                let separation = cutouts[first].separation(from: cutouts[second])
                guard separation < -1e-9 else { continue }
                guard reported < Self.maximumOverlapsNamed else {
                    record(.highlightsOverlap, range,
                           "the cut-outs of more than \(Self.maximumOverlapsNamed) pairs of targets in step '\(step.id)' overlap",
                           detail: "on \(screen.name)", help: ["highlight fewer targets at once, or in separate steps"])
                    break search
                }
                reported += 1
                let (a, b) = (highlighted[min(first, second)].id, highlighted[max(first, second)].id)
                let advice = Self.separationAdvice(step, frames: (frames[first], frames[second]), overlap: -separation)
                record(.highlightsOverlap, range, "the cut-outs of '\(a)' and '\(b)' in step '\(step.id)' overlap",
                       detail: "on \(screen.name): they overlap by \(Rect.format(-separation)) pt" + advice.change,
                       help: [advice.help])
            }
        }
    }

    /// The most overlapping pairs of cut-outs named for one step on one screen.
    public static let maximumOverlapsNamed = 16

    private mutating func checkLines(_ size: TipSize, step: IRStep, range: SourceRange, screen: Screen) {
        // One call per text rather than a loop over an array of them: this runs for every step on
        // every screen, and the array (copying each measurement) cost more than the comparisons.
        checkLines(size.title, limit: step.tip.maxLines ?? Self.maximumTitleLines, name: "title", step: step, range: range, screen: screen)
        checkLines(size.body, limit: step.tip.maxLines ?? Self.maximumBodyLines, name: "body", step: step, range: range, screen: screen)
    }

    private mutating func checkLines(
        _ measured: TipSize.MeasuredText?, limit: Int, name: String, step: IRStep, range: SourceRange, screen: Screen
    ) {
        guard let measured, measured.measurement.lineCount > limit else { return }
        record(.tooManyLines, range, "the \(name) of step '\(step.id)' needs more than \(limit) line\(limit == 1 ? "" : "s")",
               detail: "on \(screen.name)\(measured.locale.isEmpty ? "" : " (locale '\(measured.locale)')"): \(measured.measurement.lineCount) lines of \(Rect.format(measured.measurement.fontSize)) pt text at \(options.category.rawValue) text size",
               help: ["shorten the \(name), or raise 'max-lines' or 'max-width'"])
    }

    private mutating func checkContrast(text: IRColor, background: IRColor?, overlay: IROverlay?,
                                        fonts: [(present: Bool, font: IRFont, name: String)], owner: String, range: SourceRange) {
        // Without a bubble the text sits on the overlay over the app, or (with no overlay) on the
        // app itself: judge it over white (light mode) and black (dark mode) app content.
        let modes: [(name: String, text: String, background: RGBAColor?)] = [
            ("light", text.light, background.map { RGBAColor(hex: $0.light) }
                ?? overlay.map { Self.dimmed($0.color, $0.opacity, over: .white) } ?? .white),
            ("dark", text.dark ?? text.light, background.map { RGBAColor(hex: $0.dark ?? $0.light) }
                ?? overlay.map { Self.dimmed($0.darkColor ?? $0.color, $0.darkOpacity ?? $0.opacity, over: .black) } ?? .black),
        ]
        // Resolve each mode to opaque colours; when dark mode shows exactly what light mode
        // shows, it is one finding, not two.
        var resolved: [(name: String, text: RGBAColor, textHex: String, back: RGBAColor)] = []
        for mode in modes {
            guard let back = mode.background, let fore = RGBAColor(hex: mode.text) else { continue }
            let opaqueBack = back.composited(over: mode.name == "light" ? .white : .black)
            let opaqueText = fore.composited(over: opaqueBack)
            if let first = resolved.first, first.text == opaqueText, first.back == opaqueBack { continue }
            resolved.append((mode.name, opaqueText, mode.text, opaqueBack))
        }
        for (present, font, name) in fonts where present {
            for mode in resolved {
                let opaqueBack = mode.back
                let ratio = Contrast.ratio(mode.text, opaqueBack)
                // Large text is judged at the size the text is drawn at this text size.
                let drawnSize = TextMetrics.fontSize(textStyle: font.textStyle, size: font.size, category: options.category)
                let isLarge = Contrast.isLargeText(size: drawnSize, weight: font.weight)
                let required = isLarge ? 3.0 : 4.5
                guard ratio < required else { continue }
                let inMode = resolved.count > 1 ? " in \(mode.name) mode" : ""
                record(.lowContrast, range, "the \(name) text of \(owner) has too little contrast\(inMode)",
                       detail: "\(mode.textHex) on \(opaqueBack.hex) is \(Contrast.ratioText(ratio)):1, below the \(Contrast.ratioText(required)):1 WCAG AA asks for \(isLarge ? "large" : "normal") text",
                       help: ["darken or lighten 'text-color' or the background"])
            }
        }
    }

    /// GL1009, once where the overlay is written: a tour's or a style's overlay is one finding,
    /// whose notes name every step it applies to.
    private mutating func checkOverlay(of step: IRStep, range stepRange: SourceRange) {
        guard let overlay = step.overlay, let written = RGBAColor(hex: overlay.color) else { return }
        // The colour's own alpha is part of the opacity: #00000080 @ 50% is black at 25%.
        let opaque = RGBAColor(red: written.red, green: written.green, blue: written.blue)
        let opacity = written.alpha * overlay.opacity
        let ratio = OverlayContrast.ratio(opaque, opacity: opacity)
        guard ratio < Self.minimumOverlayContrast else { return }
        let dimmed = OverlayContrast.dimmedWhite(opaque, opacity: opacity)
        record(.overlayTooTransparent, step.overlayRange ?? stepRange, "the overlay is too transparent for the cut-out to stand out",
               detail: "\(OverlayContrast.hex(opaque)) at \(Rect.format(opacity * 100))% turns white app content into "
                   + "\(OverlayContrast.hex(dimmed)), \(Contrast.ratioText(ratio)):1 against the undimmed cut-out; "
                   + "at least \(Contrast.ratioText(Self.minimumOverlayContrast)):1 is needed",
               help: [OverlayContrast.advice(opaque, opacity: opacity)],
               subject: Subject(guide: currentGuide, tour: currentTour, step: step.id))
    }

    /// The overlay colour at an opacity, composited over a background.
    static func dimmed(_ color: String, _ opacity: Double, over background: RGBAColor) -> RGBAColor? {
        guard var base = RGBAColor(hex: color) else { return nil }
        base.alpha *= opacity
        return base.composited(over: background)
    }

    // MARK: Pages

    /// The page model: content inset 16 pt inside the safe area; the image (if any) a square
    /// as wide as the content, at most 40% of the content's height; then title and body, 12 pt apart;
    /// the indicator and buttons take a 64 pt row at the bottom.
    private mutating func lint(_ page: IRPage, pages: IRPages, screens: [Screen]) {
        guard let range = page.range else { return }
        checkContrast(text: page.textColor, background: page.background,
                      overlay: nil,
                      fonts: [(page.title != nil, page.titleFont, "title"), (page.body != nil, page.bodyFont, "body")],
                      owner: "page '\(page.id)'", range: range)
        // Text is scanned once and measured once per distinct width: many screens share one.
        let texts = [(page.title.map { TipSize.Translations($0, font: page.titleFont, category: options.category) },
                      "title", page.maxLines ?? Self.maximumTitleLines),
                     (page.body.map { TipSize.Translations($0, font: page.bodyFont, category: options.category) },
                      "body", page.maxLines ?? Self.maximumBodyLines)]
        // Both texts' measurements by the content's width, as a step's tip sizes are kept.
        var measuredByWidth: [Double: [TipSize.MeasuredText?]] = [:]
        defer { currentLayoutScreen = nil }
        for screen in screens {
            currentLayoutScreen = screen
            let content = PageLayout.content(on: screen)
            let measuredTexts = measuredByWidth[content.width] ?? texts.map { $0.0?.tallest(width: content.width) }
            measuredByWidth[content.width] = measuredTexts
            for ((_, name, limit), measured) in zip(texts, measuredTexts) {
                guard let measured else { continue }
                if measured.measurement.lineCount > limit {
                    record(.tooManyLines, range, "the \(name) of page '\(page.id)' needs more than \(limit) line\(limit == 1 ? "" : "s")",
                           detail: "on \(screen.name)\(measured.locale.isEmpty ? "" : " (locale '\(measured.locale)')"): \(measured.measurement.lineCount) lines of \(Rect.format(measured.measurement.fontSize)) pt text at \(options.category.rawValue) text size",
                           help: ["shorten the \(name), or raise 'max-lines'"])
                }
            }
            let layout = PageLayout(page: page, screen: screen, title: measuredTexts[0], body: measuredTexts[1])
            let height = layout.neededHeight
            if height > content.height {
                record(.pageOverflow, range, "the content of page '\(page.id)' is taller than the page",
                       detail: "on \(screen.name): \(Rect.format(height)) pt of content in \(Rect.format(content.height)) pt",
                       help: ["shorten the text, or use a smaller 'title-font' or 'body-font'"])
            }
        }
    }
}
