import GuideIR

/// A huge guide's steps lowered a second time, one at a time in each tour's order, once the
/// guide is known to have lowered: what `Compilation` hands a `StepStreamReceiver` step by step,
/// so that `build` and `lint` never hold a tour of half a million lowered steps.
///
/// The guide's outcome is settled first (its steps were lowered in source order for what they
/// report, and not kept), so the pipeline still runs one way; the second lowering reports
/// nothing and reads each step again from its summary, as the first did.
final class StepReplay {
    /// What lowering one tour's steps again needs, kept from its first lowering.
    struct Tour {
        /// Where the tour is in its guide's `tours`.
        var tourIndex = 0
        let node: DeclarationNode
        let tourStyles: DeclarationNode?
        let scope: Checker.GuideScope
        let screen: DeclarationNode
        let targets: [String: DeclarationNode]?
        let summaries: [StepSummary]
        /// The tour's order: the index in `summaries` of the step at each place.
        let order: [Int]
    }

    private let checker: Checker
    private let tours: [Tour]
    /// The guide's own styles and screens, whose caches lowering fills again.
    private let styles: [DeclarationNode]
    private let screens: [DeclarationNode]
    private var tourPosition = 0
    private var place = 0

    init(checker: Checker, tours: [Tour], styles: [DeclarationNode], screens: [DeclarationNode]) {
        self.checker = checker
        self.tours = tours
        self.styles = styles
        self.screens = screens
    }

    /// The next step in order, with the index of its tour in the guide; nil after the last,
    /// when the guide's caches are dropped again.
    func next() -> (tourIndex: Int, step: IRStep)? {
        while tourPosition < tours.count {
            let tour = tours[tourPosition]
            guard place < tour.order.count else {
                tourPosition += 1
                place = 0
                continue
            }
            defer { place += 1 }
            // A step that could not be read again could not be read the first time either, and
            // then its tour did not lower.
            guard let step = checker.lowerAgain(tour, place: place) else { continue }
            return (tour.tourIndex, step)
        }
        checker.forgetCaches(ofStyles: styles, screens: screens)
        checker.lintChains = [:]
        return nil
    }
}
