import GuideIR

/// Resolves target frames on a screen from their device-independent constraints.
///
/// Each axis has two constraints. Distances are from the screen's edges, or from the safe
/// area's edges when `relativeTo` is `safeArea`; fractions are of the screen's (or safe area's)
/// width or height, and a constant in points may be added to one (`50% + 12.5`). `trailing`
/// and `bottom` are distances inwards from the trailing and bottom edges; `centerX` and
/// `centerY` are distances of the target's centre from the leading and top edges (so 50%
/// centres it).
public enum TargetLayout {
    /// The target's frame on `screen`, before any scrolling.
    public static func frame(of target: IRTarget, on screen: Screen) -> Rect {
        switch target.frame {
        case .absolute(let x, let y, let width, let height):
            return Rect(x: x, y: y, width: width, height: height)
        case .constraints(let horizontal, let vertical):
            let (x, width) = axis(horizontal, on: screen, isHorizontal: true)
            let (y, height) = axis(vertical, on: screen, isHorizontal: false)
            return Rect(x: x, y: y, width: width, height: height)
        }
    }

    /// Where a step shows `target` on `screen`: its frame, moved to where its scroll container
    /// (looked up in `targets`) scrolls it, to the step's `scrollAnchor` if it has one, else to
    /// the target's own. What lint checks, and what the runtime shows when the app measures no frame.
    public static func shownFrame(of target: IRTarget, on screen: Screen, targets: [String: IRTarget], scrollAnchor: String?) -> Rect {
        let frame = frame(of: target, on: screen)
        guard let scroll = target.scroll, let container = targets[scroll.container] else { return frame }
        return scrolledFrame(frame, in: Self.frame(of: container, on: screen), anchor: scrollAnchor ?? scroll.anchor, axis: container.scrollAxis)
    }

    /// The start and length on one axis from its two constraints.
    static func axis(_ constraints: [IRConstraint], on screen: Screen, isHorizontal: Bool) -> (start: Double, length: Double) {
        var start: Double?
        var end: Double?
        var center: Double?
        var length: Double?
        for constraint in constraints {
            let base = constraint.relativeTo == "safeArea" ? screen.safeBounds : screen.bounds
            let baseStart = isHorizontal ? base.minX : base.minY
            let baseEnd = isHorizontal ? base.maxX : base.maxY
            let baseLength = isHorizontal ? base.width : base.height
            let value = Self.length(of: constraint, along: baseLength)
            switch constraint.attribute {
            case "leading", "top": start = baseStart + value
            case "trailing", "bottom": end = baseEnd - value
            case "centerX", "centerY": center = baseStart + value
            default: length = value  // width, height
            }
        }
        // The checker guarantees exactly two distinct constraints per axis.
        switch (start, end, center, length) {
        case (let start?, _, _, let length?): return (start, length)
        case (_, let end?, _, let length?): return (end - length, length)
        case (_, _, let center?, let length?): return (center - length / 2, length)
        case (let start?, let end?, _, _): return (start, end - start)
        case (let start?, _, let center?, _): return (start, 2 * (center - start))
        case (_, let end?, let center?, _): return (2 * center - end, 2 * (end - center))
        default: return (0, 0)
        }
    }

    /// A constraint's value in points against a base of `baseLength` points: points as they
    /// are, a fraction of the base, or a fraction of the base plus a constant (`50% + 12.5`),
    /// multiplied first, as Auto Layout does, so a constant adds exactly on every screen.
    public static func length(of constraint: IRConstraint, along baseLength: Double) -> Double {
        switch constraint.unit {
        case "fraction": constraint.value * baseLength
        case "fractionPlusPoints": constraint.value * baseLength + constraint.points
        default: constraint.value
        }
    }

    /// Where a target in a scroll container appears once the runtime has scrolled it to its
    /// anchor: aligned with the container's leading, centre or trailing (top, centre or bottom)
    /// edge. Without an anchor the runtime scrolls the least distance that shows the target.
    public static func scrolledFrame(_ frame: Rect, in container: Rect, anchor: String?, axis: String?) -> Rect {
        var result = frame
        if axis != "vertical" {
            result.x = scroll(frame.x, frame.width, in: container.minX, container.width, anchor: anchor,
                              start: "leading", end: "trailing")
        }
        if axis == "vertical" || axis == "both" {
            result.y = scroll(frame.y, frame.height, in: container.minY, container.height, anchor: anchor,
                              start: "top", end: "bottom")
        }
        return result
    }

    /// Where a span of `length` starting at `position` ends up along one scrolling axis.
    private static func scroll(_ position: Double, _ length: Double, in containerStart: Double, _ containerLength: Double,
                               anchor: String?, start: String, end: String) -> Double {
        let containerEnd = containerStart + containerLength
        switch anchor {
        case start: return containerStart
        case "center": return containerStart + (containerLength - length) / 2
        case end: return containerEnd - length
        default:
            // The least scrolling that shows it: move it in from the side it sticks out of; a
            // span longer than the container shows its start.
            var moved = position
            if moved + length > containerEnd { moved = containerEnd - length }
            if moved < containerStart { moved = containerStart }
            return moved
        }
    }
}
