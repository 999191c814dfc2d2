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

    /// Whether the hole's shape (not only its bounding box) overlaps a rectangle; rounded
    /// corners and circles are taken into account so a tip tucked into a corner is not flagged.
    public func overlaps(_ rect: Rect) -> Bool {
        guard let shared = bounds.intersection(rect) else { return false }
        guard cornerRadius > 0 else { return true }
        // Rounded: the hole is the points within `cornerRadius` of its inner core rectangle, so
        // the shapes overlap when the shared box comes closer than that to the core.
        let core = bounds.insetBy(cornerRadius)
        let dx = max(core.minX - shared.maxX, 0, shared.minX - core.maxX)
        let dy = max(core.minY - shared.maxY, 0, shared.minY - core.maxY)
        return dx * dx + dy * dy < cornerRadius * cornerRadius - 1e-9
    }
}
