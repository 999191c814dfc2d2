import GuideIR
import GuideLayout

/// What GL1001 says about a target whose frame has no area on a screen: the size whose
/// negative constant outweighs its percentage there (`width: 20% - 100` on a narrow phone), a
/// fixed frame of zero size, or else two edges that cross.
struct NoAreaFinding {
    /// The same on every screen, so the finding merges across them.
    var message: String
    /// The numbers on this screen.
    var detail: String
    var help: String

    /// The finding for `target`, whose `frame` on `screen` is `width` or `height` 0 or less;
    /// `measured` when that frame is the one the app measured (`lint --frames`), not the estimate.
    init(_ target: IRTarget, frame: Rect, stepID: String, on screen: Screen, measured: Bool = false) {
        let subject = "target '\(target.id)' of step '\(stepID)' has no area"
        if measured {
            // The constraints were not used here, so they are not to blame: the view itself is empty.
            message = "\(subject): the frame measured in the app is empty"
            detail = "on \(screen.name): the frames file gives \(Rect.format(frame.width)) × \(Rect.format(frame.height)) pt"
            help = "the view was measured before it was laid out or while it was hidden: record the frames once the target is visible"
        } else if case .absolute(let x, let y, let width, let height) = target.frame {
            // A fixed frame has no constraints to contradict: its own size is what is empty.
            let sides = [width <= 0 ? "width" : nil, height <= 0 ? "height" : nil].compactMap { $0 }
            message = "\(subject): its fixed frame has zero \(sides.joined(separator: " and "))"
            detail = "on \(screen.name): 'frame: rect(\(NumberText.text(x)), \(NumberText.text(y)), "
                + "\(NumberText.text(width)), \(NumberText.text(height)))' gives a frame \(Rect.format(frame.width)) × \(Rect.format(frame.height)) pt"
            help = "give the frame's \(sides.joined(separator: " and ")) the size of the view it stands for: 'rect(x, y, width, height)' in points"
        } else if case .constraints(let horizontal, let vertical) = target.frame,
           let (constraint, base) = Self.negativeSize(frame.width <= 0 ? horizontal : vertical, isHorizontal: frame.width <= 0, on: screen) {
            let name = constraint.attribute
            let written = Self.written(constraint)
            let fraction = TargetLayout.length(of: IRConstraint(attribute: name, value: constraint.value, unit: "fraction",
                                                                relativeTo: constraint.relativeTo), along: base)
            let reference = constraint.relativeTo == "safeArea" ? "the safe area's" : "the screen's"
            message = "\(subject): its \(name), \(written), comes to 0 or less"
            detail = "on \(screen.name): \(Self.percent(constraint.value)) of \(reference) \(Rect.format(base)) pt is \(Rect.format(fraction)) pt, "
                + "and \(Rect.format(fraction)) − \(Rect.format(-constraint.points)) is \(Rect.format(fraction + constraint.points)) pt"
            help = "raise the percentage or lower the constant so that the \(name) stays above 0 on the smallest screen"
        } else {
            message = "\(subject): its constraints contradict each other"
            detail = "on \(screen.name): the constraints give a frame \(Rect.format(frame.width)) × \(Rect.format(frame.height)) pt"
            help = "check the target's leading and trailing (or top and bottom): together they leave no room"
        }
    }

    /// The size constraint of an axis that a negative constant brings to 0 or below on `screen`,
    /// with the length its percentage is of; nil when the axis has no such size.
    private static func negativeSize(_ axis: [IRConstraint], isHorizontal: Bool, on screen: Screen) -> (IRConstraint, Double)? {
        guard let size = axis.first(where: { $0.attribute == (isHorizontal ? "width" : "height") }),
              size.unit == "fractionPlusPoints", size.points < 0 else { return nil }
        let bounds = size.relativeTo == "safeArea" ? screen.safeBounds : screen.bounds
        let base = isHorizontal ? bounds.width : bounds.height
        return TargetLayout.length(of: size, along: base) <= 0 ? (size, base) : nil
    }

    /// A constraint with a constant as the source writes it: `20% - 100 safe`.
    static func written(_ constraint: IRConstraint) -> String {
        let sign = constraint.points < 0 ? " - " : " + "
        return percent(constraint.value) + sign + NumberText.text(abs(constraint.points))
            + (constraint.relativeTo == "safeArea" ? " safe" : "")
    }

    /// A fraction as the percentage it was written as, free of binary noise (0.07 is `7%`).
    private static func percent(_ fraction: Double) -> String {
        NumberText.text((fraction * 100 * 1e9).rounded() / 1e9) + "%"
    }
}
