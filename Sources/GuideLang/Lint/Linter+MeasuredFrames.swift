import GuideIR
import GuideLayout

/// Lint against the frames an app measured (`guidec lint --frames`, docs/runtime.md "Frames
/// file"): a measured frame stands for the estimate on the screen it was measured on, and a
/// target whose measured frame is not where its constraints put it is GL1013.
extension Linter {
    /// How far, in points, any edge of a measured frame may be from the declared one before
    /// GL1013: a tenth of a 44 pt tap target, more than a measured view's rounding.
    public static let measuredFrameTolerance = 4.0

    /// The frames the app measured for the targets of the screen the tour being linted runs on,
    /// on `screen` at the run's text size, by target id; empty when there are none.
    func measuredFrames(on screen: Screen) -> [String: Rect] {
        guard let frames = options.measuredFrames, let screenID = currentScreen else { return [:] }
        return frames.frames(ofScreen: screenID, on: MeasuredFrames.Key(screen: screen, category: options.category))
    }

    /// GL1013 for each target of `guide`'s screens measured on one of `screens` away from its
    /// declared frame (scrolled to its own anchor, as lint shows it), once per target with a note
    /// per screen. A screen shared by several guides gives the same finding, merged into one.
    mutating func compareMeasuredFrames(of guide: IRGuide, screens: [Screen]) {
        guard let measuredFrames = options.measuredFrames else { return }
        currentSubject = nil
        defer {
            currentLayoutScreen = nil
            currentScreen = nil
        }
        for screenIR in guide.screens {
            var byID: [String: IRTarget] = [:]
            for target in screenIR.targets where byID[target.id] == nil { byID[target.id] = target }
            currentScreen = screenIR.id
            for screen in screens {
                let measured = measuredFrames.frames(ofScreen: screenIR.id, on: MeasuredFrames.Key(screen: screen, category: options.category))
                guard !measured.isEmpty else { continue }
                currentLayoutScreen = screen
                for target in screenIR.targets {
                    guard let frame = measured[target.id], let range = target.range else { continue }
                    reach(.target(screen: screenIR.id, target: target.id))
                    let declared = TargetLayout.shownFrame(of: target, on: screen, targets: byID, scrollAnchor: nil)
                    guard let difference = Self.edgeDifferences(measured: frame, declared: declared) else { continue }
                    record(.measuredFrameDiffers, range, "target '\(target.id)' is not where its constraints put it in the app",
                           target: target.id,
                           detail: "on \(screen.name): measured \(frame), declared \(declared); \(difference)",
                           help: ["change the target's constraints to match the frame measured in the app"])
                }
            }
        }
    }

    /// The edges more than the tolerance apart, as a note says them ("top edge 24 pt higher,
    /// bottom edge 24 pt higher"); nil when every edge is within it.
    public static func edgeDifferences(measured: Rect, declared: Rect) -> String? {
        let edges: [(name: String, offset: Double, less: String, more: String)] = [
            ("leading", measured.minX - declared.minX, "further leading", "further trailing"),
            ("top", measured.minY - declared.minY, "higher", "lower"),
            ("trailing", measured.maxX - declared.maxX, "further leading", "further trailing"),
            ("bottom", measured.maxY - declared.maxY, "higher", "lower"),
        ]
        // A declared frame with no area here can be infinite or not a number: it differs.
        let off = edges.filter { !(abs($0.offset) <= measuredFrameTolerance) }
        guard !off.isEmpty else { return nil }
        return off.map { edge in
            edge.offset.isFinite
                ? "\(edge.name) edge \(Rect.format(abs(edge.offset))) pt \(edge.offset < 0 ? edge.less : edge.more) in the app"
                : "\(edge.name) edge not on the screen as declared"
        }.joined(separator: ", ") + " (tolerance \(Rect.format(measuredFrameTolerance)) pt)"
    }
}
