import GuideIR
import GuideLayout

extension LanguageServer {
    /// One step laid out for an editor: where it is written and its tip on its guide's first
    /// screen, by the layout code lint runs (`StepGeometry`).
    struct LaidOutStep {
        /// The step's id, as its hint names it.
        var id: String
        /// The step's name in the document.
        var range: SourceRange
        var screen: Screen
        var placement: TipPlacement
    }

    /// The screens a guide is laid out on, as lint chooses them (its own `devices` and
    /// `orientation`, else the default devices): the first is the one its inlay hints, code
    /// lens and hover picture show.
    func previewScreens(for guide: IRGuide) -> [Screen] {
        ScreenSelection.screens(for: guide.lint, screens: lintOptions.screens, orientations: lintOptions.orientations)
    }

    /// The device name of a screen ("iPhone SE (3rd gen)"), without its orientation.
    static func deviceName(of screen: Screen) -> String { DeviceCatalog.device(id: screen.id)?.name ?? screen.name }

    /// Every step of the document's lowered guides whose name starts inside `bytes`, laid out
    /// on its guide's first screen; a guide that did not lower (broken) has none.
    func laidOutSteps(of outcome: DocumentCheck.Outcome, in bytes: ClosedRange<Int>) -> [LaidOutStep] {
        var steps: [LaidOutStep] = []
        for guide in outcome.findings.guides where guide.range?.fileID.index == 0 {
            guard let screen = previewScreens(for: guide).first else { continue }
            for tour in guide.tours {
                let targets = guide.targets(of: tour)
                for step in tour.steps {
                    guard let range = step.range, range.fileID.index == 0, bytes.contains(range.start) else { continue }
                    let geometry = StepGeometry(step: step, targets: targets, screen: screen, category: lintOptions.category)
                    steps.append(LaidOutStep(id: step.id, range: range, screen: screen, placement: geometry.placement))
                }
            }
        }
        return steps.sorted { $0.range.start < $1.range.start }
    }

    /// A tip's side and size as its inlay hint says them: `below, 312 × 88`.
    static func placementText(_ placement: TipPlacement) -> String {
        "\(placement.side), \(Rect.format(placement.rect.width)) × \(Rect.format(placement.rect.height))"
            + (placement.fits ? "" : ", does not fit")
    }

    /// `textDocument/inlayHint`: for each step whose name is in the requested range (the whole
    /// document without one), where its tip lands on its guide's first screen (`below, 312 × 88`),
    /// at the end of the step's header line; the steps of guides that did not lower get none.
    /// Read from the check of the document's newest text (the request waits for it).
    func inlayHints(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let outcome = document.lastCheck, let source = outcome.files.first else { return .array([]) }
        let converter = DocumentPositions(source: source, encoding: encoding)
        let start = Self.offset(params["range"]?["start"], converter) ?? 0
        let end = max(start, Self.offset(params["range"]?["end"], converter) ?? source.bytes.count)
        let steps = laidOutSteps(of: outcome, in: start...end)
        // Several steps on one header line share its end: each hint then names its step.
        var byLineEnd: [(offset: Int, steps: [LaidOutStep])] = []
        for step in steps {
            let offset = Self.lineEnd(after: step.range.end, in: source.bytes)
            if let last = byLineEnd.last, last.offset == offset { byLineEnd[byLineEnd.count - 1].steps.append(step) } else { byLineEnd.append((offset, [step])) }
        }
        let positions = converter.positions(of: byLineEnd.map(\.offset))
        return .array(byLineEnd.flatMap { group in
            group.steps.map { step in
                let rect = step.placement.rect
                let tooltip = "step '\(step.id)': the tip \(step.placement.side) on \(step.screen.name), \(Rect.format(rect.width)) × "
                    + "\(Rect.format(rect.height)) at (\(Rect.format(rect.x)), \(Rect.format(rect.y)))"
                    + (step.placement.fits ? "" : "; it does not fit inside the safe area")
                let (line, character) = positions[group.offset] ?? (0, 0)
                return .object([
                    ("position", .object([("line", .number(Double(line))), ("character", .number(Double(character)))])),
                    ("label", .string((group.steps.count > 1 ? "\(step.id): " : "") + Self.placementText(step.placement))),
                    ("tooltip", .string(tooltip)),
                    ("paddingLeft", .bool(true)),
                ])
            }
        })
    }

    /// The offset of the end of the line holding `offset`, before its trailing spaces and `\r`.
    static func lineEnd(after offset: Int, in bytes: [UInt8]) -> Int {
        var end = min(offset, bytes.count)
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        while end > offset, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
