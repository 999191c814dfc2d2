import GuideIR
import GuideLayout

/// A step's small picture, for an editor's hover: the step's preview scene (light, the default
/// locale, the text size given) as one standalone SVG document drawn `width` points wide, the
/// scene scaled into it whole. Pure, like the scene it draws.
public enum StepThumbnail {
    /// The picture of a step's hover in `guidec lsp`: `svg` at the default text size and width.
    /// The command line hands exactly this function to the language server (GuideLang's
    /// `StepPictureProvider`), and the tests hand it too.
    public static func hoverPicture(of guide: IRGuide, tourIndex: Int, stepIndex: Int, on screen: Screen) -> String {
        svg(of: guide, tourIndex: tourIndex, stepIndex: stepIndex, on: screen)
    }

    /// The SVG of step `stepIndex` of tour `tourIndex` of `guide` on `screen`, `width` points
    /// wide (the height follows the screen's proportions); empty when the indices are not the
    /// guide's.
    public static func svg(of guide: IRGuide, tourIndex: Int, stepIndex: Int, on screen: Screen,
                           textSize: ContentSizeCategory = .large, width: Double = 180) -> String {
        guard guide.tours.indices.contains(tourIndex), guide.tours[tourIndex].steps.indices.contains(stepIndex),
              screen.width > 0, screen.height > 0 else { return "" }
        let tour = guide.tours[tourIndex]
        let builder = PreviewSceneBuilder(variant: PreviewVariant(textSize: textSize))
        let scene = builder.stepScene(guide: guide.id, tour: tour, stepIndex: stepIndex,
                                      targets: guide.targets(of: tour), screen: screen)
        let height = width * screen.height / screen.width
        // The scene's own <svg> keeps its size in points; the outer one's viewBox scales it down.
        let size = (NumberText.text(length: width), NumberText.text(length: height))
        let viewBox = "0 0 \(NumberText.text(length: scene.width)) \(NumberText.text(length: scene.height))"
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(size.0)\" height=\"\(size.1)\" viewBox=\"\(viewBox)\">"
            + SVGWriter(idPrefix: "hover").element(scene) + "</svg>\n"
    }
}
