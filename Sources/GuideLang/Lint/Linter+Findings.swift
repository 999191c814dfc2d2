import GuideIR
import GuideLayout

/// How the linter's findings become diagnostics: one per finding, merged across the screens it
/// happened on, with the guides' allow and deny lists applied.
extension Linter {
    /// Notes a finding on the screen being laid out; findings are merged across screens later.
    /// `target` names the target a finding about a highlighted target is about.
    mutating func record(_ code: DiagnosticCode, _ range: SourceRange, _ message: String,
                         labels: [Diagnostic.Label] = [], target: String? = nil, detail: String, help: [String] = [],
                         subject: Subject? = nil) {
        // Without an `allow` or `deny` in the guide nothing is decided.
        let decision = currentScopes.isEmpty ? Decision() : decision(for: code, about: lintSubjects(for: code, target: target))
        findings.append(Finding(code: code, range: range, message: message, labels: labels, detail: detail, help: help,
                                subject: subject, decision: decision))
        if pictureFindings != nil, decision.silencedBy.isEmpty {
            pictureFindings?.append(PictureFinding(
                guide: currentGuide, subject: currentSubject, screen: currentLayoutScreen.map { PictureFinding.ScreenKey($0) },
                code: code.id, severity: decision.isDenied ? "error" : code.severity.rawValue, message: message,
                detail: detail, target: target))
        }
    }

    /// What makes findings on different screens one diagnostic: the same code, place and message
    /// (a struct, not an interpolated string: lint makes one per step and screen).
    struct FindingKey: Hashable {
        var code: DiagnosticCode
        var fileID: FileID
        var start: Int
        var message: String
        /// A silenced finding stays apart from a reported one at the same place (a shared value
        /// silenced for one step and not for another).
        var isSuppressed: Bool
    }

    /// Findings with one key, merged: the first of them, the guide it belongs to (by position, for
    /// its allow and deny lists) and every screen's detail, without repeats.
    struct FindingGroup: Sendable {
        var finding: Finding
        var guide: Int
        var details: [String]
        /// The steps a finding about a shared value applies to, in the order found (each once:
        /// a step is linted once).
        var subjects: [Subject] = []
        /// Whether a `deny` of a block one of its findings is about makes it an error.
        var isDenied = false
        /// The `allow`s that silenced it, when silenced findings are kept; empty when it is reported.
        var suppressions: [DiagnosticSuppression] = []

        var key: FindingKey {
            FindingKey(code: finding.code, fileID: finding.range.fileID, start: finding.range.start, message: finding.message,
                       isSuppressed: !suppressions.isEmpty)
        }

        mutating func add(_ detail: String) {
            if !detail.isEmpty, !details.contains(detail) { details.append(detail) }
        }
    }

    /// Adds `group` to `groups`, or its details to the group already there with its key
    /// (`positions` says where each key's group is).
    private static func merge(_ group: FindingGroup, into groups: inout [FindingGroup], positions: inout [FindingKey: Int]) {
        let key = group.key
        if let position = positions[key] {
            for detail in group.details { groups[position].add(detail) }
            // Help may name what differs between screens (the edges a target reaches under).
            for line in group.finding.help where !groups[position].finding.help.contains(line) {
                groups[position].finding.help.append(line)
            }
            groups[position].subjects += group.subjects
            groups[position].isDenied = groups[position].isDenied || group.isDenied
            for suppression in group.suppressions where !groups[position].suppressions.contains(suppression) {
                groups[position].suppressions.append(suppression)
            }
        } else {
            positions[key] = groups.count
            groups.append(group)
        }
    }

    /// The notes naming the steps a finding applies to, one per tour: "it applies to steps 'a'
    /// and 'b' of tour 't'", the guide named too when they are in several. Long lists are cut
    /// short, with the number left out.
    static func subjectNotes(_ subjects: [Subject]) -> [String] {
        struct Tour: Hashable {
            var guide: String
            var tour: String
        }
        let (shownTours, shownSteps) = (5, 8)
        var tours: [Tour] = []
        var steps: [Tour: [String]] = [:]
        for subject in subjects {
            let tour = Tour(guide: subject.guide, tour: subject.tour)
            if steps[tour] == nil { tours.append(tour) }
            steps[tour, default: []].append(subject.step)
        }
        let namesGuides = Set(tours.map(\.guide)).count > 1
        var notes: [String] = []
        for tour in tours.prefix(shownTours) {
            let names = steps[tour] ?? []
            var listed = names.prefix(shownSteps).map { "'\($0)'" }
            if names.count > shownSteps { listed.append("\(names.count - shownSteps) more") }
            let list = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed[listed.count - 1]
            notes.append("it applies to step\(names.count == 1 ? "" : "s") \(list) of tour '\(tour.tour)'"
                         + (namesGuides ? " in guide '\(tour.guide)'" : ""))
        }
        if tours.count > shownTours {
            let rest = tours.dropFirst(shownTours)
            let count = rest.reduce(0) { $0 + (steps[$1]?.count ?? 0) }
            notes.append("and \(count) more step\(count == 1 ? "" : "s") in \(rest.count) more tour\(rest.count == 1 ? "" : "s")")
        }
        return notes
    }

    /// Merges the findings of the guide just linted into groups, in the order they were found.
    mutating func groupFindings(ofGuide guide: Int) {
        var positions: [FindingKey: Int] = [:]
        for finding in findings {
            // A silenced finding is dropped here, once its rules are known to be used, unless the
            // run keeps it to show as suppressed.
            for rule in finding.decision.silencedBy { usedRules.insert(rule.range) }
            guard finding.decision.silencedBy.isEmpty || options.keepsSuppressed else { continue }
            var group = FindingGroup(finding: finding, guide: guide, details: [], subjects: finding.subject.map { [$0] } ?? [],
                                     isDenied: finding.decision.isDenied)
            group.suppressions = finding.decision.silencedBy.map { rule in
                DiagnosticSuppression(kind: .inSource, justification: rule.reason, range: rule.range)
            }
            group.add(finding.detail)
            Self.merge(group, into: &groups, positions: &positions)
        }
        findings.removeAll(keepingCapacity: true)
    }

    /// Merges findings with the same code, place and message into one diagnostic listing the
    /// screens, an error where a `deny` reaches one of them. Findings are grouped per guide as
    /// they are found (those an `allow` silences are dropped then); a key shared by several
    /// guides (a place outside them) is merged here, as if all had been grouped at once.
    func merged() -> [Diagnostic] {
        var positions: [FindingKey: Int] = [:]
        var kept: [FindingGroup] = []
        for group in groups { Self.merge(group, into: &kept, positions: &positions) }
        var diagnostics: [Diagnostic] = []
        for group in kept {
            let (finding, details) = (group.finding, group.details)
            let shown = 3
            var notes = Array(details.prefix(shown))
            if details.count > shown {
                let rest = details.dropFirst(shown).map { detail in
                    String(detail.dropFirst(3).prefix { $0 != ":" })
                }
                notes.append("also on " + rest.joined(separator: "; "))
            }
            notes += Self.subjectNotes(group.subjects)
            let severity: Severity = group.isDenied ? .error : finding.code.severity
            var diagnostic = Diagnostic(finding.code, at: finding.range, finding.message, severity: severity,
                                        labels: finding.labels, notes: notes, help: finding.help)
            diagnostic.suppressions = group.suppressions
            diagnostics.append(diagnostic)
        }
        return diagnostics.sortedBySourcePosition()
    }
}

extension Linter {
    /// What would separate two of a step's overlapping cut-outs, around `frames`, for GL1005's
    /// note (`change`) and help. For `circle(r)`, each circle smaller by half the overlap (their
    /// centres stay put); otherwise the largest padding at which they stop overlapping (found by
    /// bisection: less padding only ever moves holes apart), rounded down to a tenth so that it is
    /// enough. Where the holes meet even at no padding, only the shape or separate steps part them.
    static func separationAdvice(_ step: IRStep, frames: (Rect, Rect), overlap: Double) -> (change: String, help: String) {
        // Down to a tenth, but a value a hair under a tenth (bisection approaches from below) is that tenth.
        func floored(_ value: Double) -> Double { (value * 10 + 1e-7).rounded(.down) / 10 }
        func separation(_ padding: Double) -> Double {
            Cutout(around: frames.0, shape: step.shape, padding: padding)
                .separation(from: Cutout(around: frames.1, shape: step.shape, padding: padding))
        }
        let paddingParts = separation(0) >= 0
        let targetsOverlap = frames.0.intersects(frames.1)
        let help = paddingParts ? "reduce 'padding' or the shape's size, or highlight them in separate steps"
            : targetsOverlap ? "highlight them in separate steps, or one target that covers both"
            : "use a shape that hugs the targets ('shape: rect' or 'rounded(8)'), or highlight them in separate steps"
        if case .circle(let radius?) = step.shape {
            let smaller = floored(radius - overlap / 2)
            return (smaller > 0 ? "; 'circle(\(Rect.format(smaller)))' would separate them" : "", help)
        }
        guard paddingParts else {
            // Targets apart whose holes still meet at no padding are joined by the shape (a
            // circle enclosing each is wider than it), which padding cannot change.
            guard !targetsOverlap else { return ("; the targets overlap even without padding", help) }
            let holes = if case .circle = step.shape { "circles" } else { "cut-outs" }
            return ("; no padding separates them: their \(holes) overlap even at 'padding: 0'", help)
        }
        var (separated, overlapping) = (0.0, step.padding)
        for _ in 0..<40 {
            let middle = (separated + overlapping) / 2
            if separation(middle) >= 0 { separated = middle } else { overlapping = middle }
        }
        return ("; 'padding: \(Rect.format(floored(separated)))' would separate them", help)
    }

    /// GL1002's help for `target`, whose `frame` reaches past `safe`: the edges concerned measured
    /// from the safe area, with the target's own distance where it writes one from the screen;
    /// a fixed frame cannot say 'safe', so it is told to use constraints instead.
    static func safeAreaHelp(_ target: IRTarget, frame: Rect, safe: Rect) -> String {
        let edges = [(frame.minY < safe.minY, "top"), (frame.maxY > safe.maxY, "bottom"),
                     (frame.minX < safe.minX, "leading"), (frame.maxX > safe.maxX, "trailing")].filter(\.0).map(\.1)
        guard case .constraints(let horizontal, let vertical) = target.frame else {
            let examples = edges.map { "'\($0): 12 safe'" }.joined(separator: " and ")
            return "a fixed 'frame: rect(...)' cannot be measured from the safe area: give the target constraints instead, e.g. \(examples)"
        }
        var replaced: Set<String> = []
        let examples = edges.map { edge in
            let axis = edge == "top" || edge == "bottom" ? vertical : horizontal
            // The target's own distance from the screen's edge, now from the safe area's.
            if let own = axis.first(where: { $0.attribute == edge }) {
                return "'\(edge): \(own.unit == "points" && own.relativeTo != "safeArea" ? NumberText.text(own.value) : "12") safe'"
            }
            // An edge not written: an axis takes two constraints, so it replaces one (a centre
            // before a size, each once), not joins them (a third is GL0402).
            let open = axis.map(\.attribute).filter { !replaced.contains($0) && $0 != "leading" && $0 != "trailing" && $0 != "top" && $0 != "bottom" }
            guard let attribute = open.first(where: { $0.hasPrefix("center") }) ?? open.first else { return "'\(edge): 12 safe'" }
            replaced.insert(attribute)
            // The IR does not say whether a size was written as `size:`, which holds both.
            let written = switch attribute {
            case "centerX": "'center-x'"
            case "centerY": "'center-y'"
            case "width": "width (a 'size: W x H' becomes 'height: H')"
            case "height": "height (a 'size: W x H' becomes 'width: W')"
            default: "'\(attribute)'"
            }
            return "'\(edge): 12 safe' in place of its \(written)"
        }
        let named = edges.joined(separator: " and ") + (edges.count == 1 ? " edge" : " edges")
        return "measure its \(named) from the safe area with 'safe', e.g. \(examples.joined(separator: " and "))"
    }
}
