import GuideIR

/// Where a tip goes on a screen, and what was tried to get there.
///
/// The algorithm follows Floating UI's offset, flip and shift:
/// 1. offset: the tip sits `gap` points from the anchor (the padded cut-out, or the target's
///    own frame with `gap-from: target`), measured to the tip's near edge or, with
///    `gap-to: center`, to its centre;
/// 2. flip: `auto` tries the requested side, then the opposite side, then the two remaining
///    sides, and takes the first where the tip fits inside the safe area less `margin`; if none
///    fits it keeps the side that overflows least. `none` keeps the requested side.
///    `within(d)` is seed 000's rule: take the opposite side when the target is within `d`
///    points of the requested side's screen edge, without measuring the tip;
/// 3. side `auto` tries below, above, trailing and leading and takes the vertical side with the
///    most room that fits, else the horizontal one, else the least overflow; `center` centres
///    the tip in the safe area;
/// 4. alignment along the side: `leading`, `center` or `trailing` of the reference (the
///    targets, or the screen with `align-to: screen`); `auto` picks by which third of the
///    screen the targets' centre is in (seed 001's rule); across a side placement it centres;
/// 5. shift: the tip is then moved along the side to stay inside the safe area less `margin`.
public struct TipPlacement: Equatable, Sendable {
    /// The tip's rectangle.
    public var rect: Rect
    /// The side it ended on: `above`, `below`, `leading`, `trailing` or `center`.
    public var side: String
    /// The alignment used along the side: `leading`, `center` or `trailing`.
    public var alignment: String
    /// Whether the tip fits inside the safe area less the margin on that side.
    public var fits: Bool
    /// Every side tried, in order, with the room there was.
    public var attempts: [SideAttempt]

    /// One side tried for a tip.
    public struct SideAttempt: Equatable, Sendable {
        /// The side.
        public var side: String
        /// The length the tip needs away from the anchor (main axis).
        public var needed: Double
        /// The room there is between the anchor (plus gap) and the safe area's edge less margin.
        public var room: Double
        /// The tip's size across the side, and the room across.
        public var crossNeeded: Double
        /// The room across the side.
        public var crossRoom: Double

        /// Whether the tip fits on this side.
        public var fits: Bool { needed <= room + 1e-9 && crossNeeded <= crossRoom + 1e-9 }
        /// How far the tip would overflow (0 when it fits).
        public var overflow: Double { max(0, needed - room) + max(0, crossNeeded - crossRoom) }
    }

    /// Distance a tip keeps from the safe area's edges, in points.
    public static let margin = 8.0

    /// Places a tip of `size` for targets with `frames` and `cutouts` on `screen`.
    public init(size: (width: Double, height: Double), frames: [Rect], cutouts: [Rect], placement: IRPlacement, screen: Screen) {
        self.init(size: size, targetBox: Self.union(frames), cutoutBox: Self.union(cutouts), placement: placement, screen: screen)
    }

    /// Places a tip of `size` for targets whose frames span `targetBox` and whose cut-outs span
    /// `cutoutBox` (nil for none) on `screen`: what the other initialiser does once it has the
    /// two boxes, for a caller that has them without building arrays of rectangles.
    public init(size: (width: Double, height: Double), targetBox: Rect?, cutoutBox: Rect?, placement: IRPlacement, screen: Screen) {
        let boundary = screen.safeBounds.insetBy(Self.margin)
        guard let targetBox, placement.side != "center" else {
            let rect = Rect(x: boundary.midX - size.width / 2, y: boundary.midY - size.height / 2, width: size.width, height: size.height)
            let attempt = SideAttempt(side: "center", needed: size.height, room: boundary.height, crossNeeded: size.width, crossRoom: boundary.width)
            self.init(rect: rect, side: "center", alignment: "center", fits: attempt.fits, attempts: [attempt])
            return
        }
        let anchor = placement.gapFrom == "target" ? targetBox : (cutoutBox ?? targetBox)
        func attempt(_ side: String) -> SideAttempt {
            let isVertical = side == "above" || side == "below"
            let mainSize = isVertical ? size.height : size.width
            let needed = placement.gapTo == "center" ? mainSize / 2 : mainSize
            let room: Double
            switch side {
            case "below": room = boundary.maxY - (anchor.maxY + placement.gap)
            case "above": room = (anchor.minY - placement.gap) - boundary.minY
            case "trailing": room = boundary.maxX - (anchor.maxX + placement.gap)
            default: room = (anchor.minX - placement.gap) - boundary.minX
            }
            // With the gap measured to the tip's centre only the far half needs room here; the
            // near half reaches back towards the target (seed 000's titles do exactly that).
            return SideAttempt(side: side, needed: needed, room: room,
                               crossNeeded: isVertical ? size.width : size.height,
                               crossRoom: isVertical ? boundary.width : boundary.height)
        }
        // One array, the result's: this runs for every step on every screen, and the arrays of
        // sides and attempts it used to build cost more than the arithmetic.
        var attempts: [SideAttempt] = []
        attempts.reserveCapacity(4)
        let chosen: SideAttempt
        switch (placement.side, placement.flip) {
        case ("auto", _):
            for side in ["below", "above", "trailing", "leading"] { attempts.append(attempt(side)) }
            chosen = Self.roomiest(attempts[0..<2]) ?? Self.roomiest(attempts[2..<4])
                ?? Self.leastOverflowing(attempts[0], attempts.dropFirst())
        case (let side, .none):
            chosen = attempt(side)
            attempts.append(chosen)
        case (let side, .within(let distance)):
            // Seed 000: rect.maxY > height - 150 ? above : below, from the targets' own frames.
            let flips: Bool
            switch side {
            case "below": flips = targetBox.maxY > screen.height - distance
            case "above": flips = targetBox.minY < distance
            case "trailing": flips = targetBox.maxX > screen.width - distance
            default: flips = targetBox.minX < distance
            }
            chosen = attempt(flips ? Self.opposite(side) : side)
            attempts.append(chosen)
        case (let side, .auto):
            attempts.append(attempt(side))
            // The opposite side, then the two across, until one fits.
            let across = Self.perpendicular(side)
            for candidate in [Self.opposite(side), across.0, across.1] where !attempts[attempts.count - 1].fits {
                attempts.append(attempt(candidate))
            }
            chosen = attempts.first(where: \.fits) ?? Self.leastOverflowing(attempts[0], attempts.dropFirst())
        }
        let reference = placement.alignTo == "screen" ? screen.bounds : targetBox
        let isVertical = chosen.side == "above" || chosen.side == "below"
        var alignment = placement.alignment
        if alignment == "auto" {
            if isVertical {
                let third = screen.width / 3
                alignment = targetBox.midX <= third ? "leading" : targetBox.midX <= 2 * third ? "center" : "trailing"
            } else {
                alignment = "center"
            }
        }
        var rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let towardsCenter = placement.gapTo == "center"
        switch chosen.side {
        case "below": rect.y = anchor.maxY + placement.gap - (towardsCenter ? size.height / 2 : 0)
        case "above": rect.y = anchor.minY - placement.gap - (towardsCenter ? size.height / 2 : size.height)
        case "trailing": rect.x = anchor.maxX + placement.gap - (towardsCenter ? size.width / 2 : 0)
        default: rect.x = anchor.minX - placement.gap - (towardsCenter ? size.width / 2 : size.width)
        }
        if isVertical {
            switch alignment {
            case "leading": rect.x = reference.minX
            case "trailing": rect.x = reference.maxX - size.width
            default: rect.x = reference.midX - size.width / 2
            }
            rect.x = Self.clamp(rect.x, boundary.minX, boundary.maxX - size.width)
        } else {
            switch alignment {
            case "leading": rect.y = reference.minY
            case "trailing": rect.y = reference.maxY - size.height
            default: rect.y = reference.midY - size.height / 2
            }
            rect.y = Self.clamp(rect.y, boundary.minY, boundary.maxY - size.height)
        }
        self.init(rect: rect, side: chosen.side, alignment: alignment, fits: chosen.fits, attempts: attempts)
    }

    /// Creates a placement from its parts.
    public init(rect: Rect, side: String, alignment: String, fits: Bool, attempts: [SideAttempt]) {
        self.rect = rect
        self.side = side
        self.alignment = alignment
        self.fits = fits
        self.attempts = attempts
    }

    /// The attempt with the least overflow, the earliest on a tie; `first` makes the list non-empty.
    private static func leastOverflowing(_ first: SideAttempt, _ others: ArraySlice<SideAttempt>) -> SideAttempt {
        others.reduce(first) { best, attempt in attempt.overflow < best.overflow ? attempt : best }
    }

    static func opposite(_ side: String) -> String {
        switch side {
        case "above": "below"
        case "below": "above"
        case "leading": "trailing"
        default: "leading"
        }
    }

    static func perpendicular(_ side: String) -> (String, String) {
        side == "above" || side == "below" ? ("trailing", "leading") : ("below", "above")
    }

    /// The attempt with the most room among those that fit, the earliest on a tie; nil if none fits.
    private static func roomiest(_ attempts: ArraySlice<SideAttempt>) -> SideAttempt? {
        var best: SideAttempt?
        for attempt in attempts where attempt.fits {
            if let current = best, !(current.room < attempt.room) { continue }
            best = attempt
        }
        return best
    }

    /// Clamps into [low, high]; when the range is empty (the tip is wider than the room) the
    /// tip starts at `low`, so it overflows at the trailing or bottom end only.
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        high < low ? low : min(max(value, low), high)
    }

    /// The smallest rectangle holding every one of `rects`; nil for none.
    static func union(_ rects: some Sequence<Rect>) -> Rect? {
        var iterator = rects.makeIterator()
        guard var box = iterator.next() else { return nil }
        while let rect = iterator.next() {
            let minX = min(box.minX, rect.minX)
            let minY = min(box.minY, rect.minY)
            box = Rect(x: minX, y: minY, width: max(box.maxX, rect.maxX) - minX, height: max(box.maxY, rect.maxY) - minY)
        }
        return box
    }
}
