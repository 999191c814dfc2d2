import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// The pictures of a preview run: each guide laid out on the screens lint would choose for it,
/// in every variant, with lint's findings on each picture.
struct PreviewDrawing {
    /// One picture named on the command line.
    struct Selection: Equatable {
        /// The guide.
        var guide: String
        /// The tour, nil for a page.
        var tour: String?
        /// The page or step.
        var item: String
    }

    /// The run's screens (a guide's own settings choose among them as lint's do).
    let screens: [Screen]
    /// The orientations of a guide's own devices.
    let orientations: [Orientation]
    /// The variants.
    let variants: [PreviewVariant]
    /// The text size lint measures at.
    let textSize: ContentSizeCategory

    /// Every picture of `guides` (only the one selected, if any): guide by guide, screen by
    /// screen, variant by variant, pages then steps.
    func scenes(of guides: [IRGuide], selection: Selection?) -> [PreviewScene] {
        var scenes: [PreviewScene] = []
        let options = Linter.Options(screens: screens, orientations: orientations, category: textSize, recordsLayouts: false)
        for guide in guides where selection.map({ $0.guide == guide.id }) ?? true {
            let findings = FindingIndex(Linter.pictureFindings(of: guide, options: options))
            for screen in ScreenSelection.screens(for: guide.lint, screens: screens, orientations: orientations) {
                for variant in variants {
                    let builder = PreviewSceneBuilder(variant: variant)
                    guard let selection else {
                        scenes += builder.scenes(of: guide, on: screen) { findings.inputs(for: $0, screen: screen) }
                        continue
                    }
                    if let tour = selection.tour.flatMap({ id in guide.tours.first { $0.id == id } }),
                       let index = tour.steps.firstIndex(where: { $0.id == selection.item }) {
                        let id = builder.pictureID(guide: guide.id, tour: tour.id, item: selection.item, screen: screen)
                        scenes.append(builder.stepScene(guide: guide.id, tour: tour, stepIndex: index,
                                                        targets: guide.targets(of: tour), screen: screen,
                                                        findings: findings.inputs(for: id, screen: screen)))
                    } else if selection.tour == nil, let index = guide.pages?.pages.firstIndex(where: { $0.id == selection.item }) {
                        let id = builder.pictureID(guide: guide.id, tour: nil, item: selection.item, screen: screen)
                        scenes.append(builder.pageScene(guide: guide, pageIndex: index, screen: screen,
                                                        findings: findings.inputs(for: id, screen: screen)))
                    }
                }
            }
        }
        return scenes
    }

    /// A guide's findings by the page or step they are about.
    struct FindingIndex {
        private var bySubject: [IRLintSubject: [PictureFinding]] = [:]

        init(_ findings: [PictureFinding]) {
            for finding in findings {
                guard let subject = finding.subject else { continue }
                bySubject[subject, default: []].append(finding)
            }
        }

        /// The findings drawn on picture `id` on `screen`: those on that screen and those on every screen.
        func inputs(for id: PictureID, screen: Screen) -> [PreviewFindingInput] {
            let subject: IRLintSubject = id.tour.map { .step(tour: $0, step: id.item) } ?? .page(id.item)
            let key = PictureFinding.ScreenKey(screen)
            return (bySubject[subject] ?? []).filter { $0.screen == nil || $0.screen == key }.map { finding in
                // The detail starts with the screen's name, which the picture already says.
                var detail = finding.detail
                if let colon = detail.range(of: ": "), detail.hasPrefix("on ") { detail = String(detail[colon.upperBound...]) }
                return PreviewFindingInput(code: finding.code, severity: finding.severity,
                                           message: detail.isEmpty ? finding.message : "\(finding.message): \(detail)",
                                           target: finding.target)
            }
        }
    }
}
