import GuideIR
import GuideLayout

/// Where a step's cut-outs and tip go on the app's real screen: the frames the app reports for
/// the step's targets (or, for a target it does not report, the frame the document resolves,
/// scrolled as lint scrolls it), cut out and placed by the layout engine `guidec lint` runs,
/// so the app shows what lint checked. Lay out again when the size, the safe area, the
/// orientation or the text size changes.
public enum RuntimeLayout {
    /// Where one step lands.
    public struct StepPlacement: Equatable, Sendable {
        /// The highlighted targets' frames, in `step.targets` order.
        public var targetFrames: [Rect]
        /// Their cut-outs, in the same order (the geometry a step without overlay places its tip against).
        public var cutouts: [Cutout]
        /// Whether to draw the overlay and cut the holes (false for `overlay: none`).
        public var drawsOverlay: Bool
        /// The tip's size and placement.
        public var placement: TipPlacement
    }

    /// Why a step cannot be laid out.
    public enum Failure: Error, Equatable, Sendable {
        /// A target is neither reported by the app nor resolvable on this screen (the document's
        /// screen has no such target, or its constraints give it a negative size here), or its
        /// frame lies wholly off the screen: apply the step's `missingTarget`.
        case missingTarget(String)
    }

    /// A screen of the app as it is now: its size in points, safe-area insets and orientation.
    public static func screen(width: Double, height: Double, safeArea: EdgeInsets, orientation: Orientation,
                              isAndroid: Bool = false) -> Screen {
        Screen(name: "app", id: "app", orientation: orientation, width: width, height: height, safeArea: safeArea, isAndroid: isAndroid)
    }

    /// Lays `step` out on `screen` at text size `category`; `reported` holds the frames the app
    /// measured, by target id, already scrolled into place.
    public static func layOut(_ step: IRStep, on screen: Screen, targets: IRScreen, category: ContentSizeCategory,
                              reported: [String: Rect] = [:]) -> Result<StepPlacement, Failure> {
        var byID: [String: IRTarget] = [:]
        for target in targets.targets where byID[target.id] == nil { byID[target.id] = target }
        var frames: [Rect] = []
        for id in step.targets {
            let frame: Rect
            if let measured = reported[id] {
                frame = measured
            } else {
                guard let target = byID[id] else { return .failure(.missingTarget(id)) }
                frame = TargetLayout.shownFrame(of: target, on: screen, targets: byID, scrollAnchor: step.scrollAnchor)
                guard frame.width >= 0, frame.height >= 0, frame.width.isFinite, frame.height.isFinite else {
                    return .failure(.missingTarget(id))
                }
            }
            // A target the person cannot see is not on the screen (docs/runtime.md): highlighting
            // it would cut a hole off the screen and point the tip at nothing.
            guard screen.shows(frame) else { return .failure(.missingTarget(id)) }
            frames.append(frame)
        }
        let cutouts = frames.map { Cutout(around: $0, shape: step.shape, padding: step.padding) }
        let size = TipSize(step: step, screen: screen, category: category)
        let placement = TipPlacement(size: (size.width, size.height), frames: frames, cutouts: cutouts.map(\.bounds),
                                     placement: step.placement, screen: screen)
        return .success(StepPlacement(targetFrames: frames, cutouts: cutouts, drawsOverlay: step.overlay != nil, placement: placement))
    }

}
