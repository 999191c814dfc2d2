import GuideIR
import GuideLayout

extension LanguageServer {
    /// The Markdown lines of a step's picture in its hover: the SVG the `stepPicture` provider
    /// draws of it on `screen`, as a `data:image/svg+xml;base64` image after an empty line, so a
    /// client that shows no images keeps the text before it (and the image's alternative text).
    /// Drawn here, for the hovered step alone, never ahead of time; none without a provider.
    func stepPictureLines(_ guide: IRGuide, tourIndex: Int, stepIndex: Int, on screen: Screen) -> [String] {
        guard let stepPicture else { return [] }
        let svg = stepPicture(guide, tourIndex, stepIndex, screen)
        guard !svg.isEmpty else { return [] }
        let id = guide.tours[tourIndex].steps[stepIndex].id
        // The alternative text names the step and screen; brackets would end it early.
        let alternative = "step \(id) on \(screen.name)".filter { $0 != "[" && $0 != "]" }
        return ["", "![\(alternative)](data:image/svg+xml;base64,\(Base64.encoded(Array(svg.utf8))))"]
    }
}
