import GuideIR

/// The hole a spotlight cuts in the overlay around one target.
public struct Cutout: Equatable, Sendable {
    /// The hole's bounding rectangle.
    public var bounds: Rect
    /// The corner radius (half the side for a circle or a capsule's short side).
    public var cornerRadius: Double
    /// Whether the hole is a circle.
    public var isCircle: Bool

    /// The cut-out for a target's frame, shape and padding:
    /// - the padded frame is the frame grown by `padding` on every side;
    /// - `auto(threshold, radius)`: a capsule over the padded frame when the target's own frame
    ///   has height / width above the threshold, else a rounded rectangle with that radius
    ///   (seed 000's rule, which gives a corner radius as large as the width, and SwiftUI clamps
    ///   it to a capsule);
    /// - `circle(r)`: radius r around the frame's centre, padding not added (seed 001);
    ///   `circle`: the smallest circle around the padded frame;
    /// - `rect`, `rounded(r)`, `capsule`: the padded frame with that corner.
    public init(around frame: Rect, shape: IRShape, padding: Double) {
        let padded = frame.outsetBy(padding)
        let capsuleRadius = min(padded.width, padded.height) / 2
        switch shape {
        case .auto(let threshold, let radius):
            let ratio = frame.width > 0 ? frame.height / frame.width : .infinity
            self.init(bounds: padded, cornerRadius: ratio > threshold ? capsuleRadius : min(radius, capsuleRadius), isCircle: false)
        case .circle(let radius):
            let r = radius ?? (padded.width * padded.width + padded.height * padded.height).squareRoot() / 2
            self.init(bounds: Rect(x: frame.midX - r, y: frame.midY - r, width: 2 * r, height: 2 * r), cornerRadius: r, isCircle: true)
        case .rect:
            self.init(bounds: padded, cornerRadius: 0, isCircle: false)
        case .rounded(let radius):
            self.init(bounds: padded, cornerRadius: min(radius, capsuleRadius), isCircle: false)
        case .capsule:
            self.init(bounds: padded, cornerRadius: capsuleRadius, isCircle: false)
        }
    }

    /// Creates a cut-out from its parts.
    public init(bounds: Rect, cornerRadius: Double, isCircle: Bool) {
        self.bounds = bounds
        self.cornerRadius = cornerRadius
        self.isCircle = isCircle
    }

    /// The corner radius as drawn: never more than half the shorter side.
    public var drawnRadius: Double { max(0, min(cornerRadius, bounds.width / 2, bounds.height / 2)) }

    /// The rectangle the hole is grown from: the hole is every point within `drawnRadius` of it.
    /// A circle's core is its centre, a capsule's the segment between its end centres, a plain
    /// rectangle's the rectangle itself.
    public var core: Rect { bounds.insetBy(drawnRadius) }

    /// The distance between this hole and another as drawn, rounded corners and circles
    /// included: positive, the gap between them; negative, how deep they overlap (the least
    /// distance one would have to move for them to stop overlapping); 0 when they touch.
    ///
    /// Each hole is its core grown by its radius, so the holes are `separation` apart where
    /// the cores are `separation + r1 + r2` apart.
    public func separation(from other: Cutout) -> Double {
        let (first, second) = (core, other.core)
        // Per axis: the gap between the cores, or (negative) the least move that clears them.
        let dx = max(first.minX - second.maxX, second.minX - first.maxX)
        let dy = max(first.minY - second.maxY, second.minY - first.maxY)
        let coreDistance = dx > 0 && dy > 0 ? (dx * dx + dy * dy).squareRoot() : max(dx, dy)
        return coreDistance - drawnRadius - other.drawnRadius
    }

    /// Whether the two holes share area as drawn (touching does not count, with 1e-9 of slack).
    public func overlaps(_ other: Cutout) -> Bool { separation(from: other) < -1e-9 }

    /// Whether the hole's shape (not only its bounding box) overlaps a rectangle; rounded
    /// corners and circles are taken into account so a tip tucked into a corner is not flagged.
    public func overlaps(_ rect: Rect) -> Bool { overlaps(Cutout(bounds: rect, cornerRadius: 0, isCircle: false)) }
}
