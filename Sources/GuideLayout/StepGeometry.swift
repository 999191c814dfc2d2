import GuideIR

/// Where one step's targets, cut-outs and tip land on one screen: the numbers `guidec lint`
/// checks and prints, and `guidec preview` draws, from one code path.
public struct StepGeometry: Equatable, Sendable {
    /// The highlighted targets' frames, scrolled into view, in `step.targets` order (targets the
    /// screen does not declare are left out).
    public var targetFrames: [Rect]
    /// The cut-outs around them, in the same order; computed with `overlay: none` too, since
    /// they place the tip.
    public var cutouts: [Cutout]
    /// The tip's size and what it holds.
    public var size: TipSize
    /// Where the tip went.
    public var placement: TipPlacement

    /// Lays `step` out on `screen`, with its tip already measured as `size` (see
    /// `TipSize.widest(step:screen:)`: screens of one width share one size).
    public init(step: IRStep, targets: [String: IRTarget], screen: Screen, size: TipSize) {
        let frames = Self.targetFrames(of: step, targets: targets, on: screen)
        let cutouts = frames.map { Cutout(around: $0, shape: step.shape, padding: step.padding) }
        self.init(step: step, frames: frames, cutouts: cutouts, screen: screen, size: size)
    }

    /// Lays `step` out on `screen` from frames and cut-outs already resolved.
    public init(step: IRStep, frames: [Rect], cutouts: [Cutout], screen: Screen, size: TipSize) {
        targetFrames = frames
        self.cutouts = cutouts
        self.size = size
        placement = Self.placement(of: step, frames: frames, cutouts: cutouts, screen: screen, size: size)
    }

    /// Where the tip of `step`, measured as `size`, goes among `frames` and `cutouts` on `screen`:
    /// the placement alone, for lint, which needs no whole geometry per screen.
    public static func placement(of step: IRStep, frames: [Rect], cutouts: [Cutout], screen: Screen, size: TipSize) -> TipPlacement {
        TipPlacement(size: (size.width, size.height), targetBox: TipPlacement.union(frames),
                     cutoutBox: TipPlacement.union(cutouts.lazy.map(\.bounds)), placement: step.placement, screen: screen)
    }

    /// Lays `step` out on `screen`, measuring its tip at `category`.
    public init(step: IRStep, targets: [String: IRTarget], screen: Screen, category: ContentSizeCategory) {
        self.init(step: step, targets: targets, screen: screen, size: TipSize(step: step, screen: screen, category: category))
    }

    /// The frames of the targets `step` highlights on `screen`, by id from `targets` (the
    /// screen's), each one inside a scroll container moved to where the runtime scrolls it
    /// (the step's `scroll-anchor`, else the target's own).
    public static func targetFrames(of step: IRStep, targets: [String: IRTarget], on screen: Screen) -> [Rect] {
        step.targets.compactMap { targets[$0] }.map { target in
            TargetLayout.shownFrame(of: target, on: screen, targets: targets, scrollAnchor: step.scrollAnchor)
        }
    }
}
