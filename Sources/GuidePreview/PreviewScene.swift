import GuideIR
import GuideLayout

/// One picture of `guidec preview` as data: a page or a step of a guide on one screen in one
/// variant, with everything drawn on it, back to front, in points of that screen.
///
/// Scenes are values: two scenes are equal exactly when they draw the same geometry and text,
/// which is what a visual diff compares (never pixels). The SVG writer turns a scene into bytes.
public struct PreviewScene: Equatable, Sendable {
    /// Which picture this is.
    public var picture: PictureID
    /// The device's name as lint prints it, such as "iPhone SE (3rd gen), portrait".
    public var screenName: String
    /// The screen's width in points.
    public var width: Double
    /// The screen's height in points.
    public var height: Double
    /// The appearance, locale and text size drawn.
    public var variant: PreviewVariant
    /// Whether the locale is written right to left, so the picture is mirrored.
    public var isRightToLeft: Bool
    /// What is drawn, back to front.
    public var elements: [PreviewElement]
    /// The lint findings of this picture, in lint's order; each is also drawn among `elements`.
    public var findings: [PreviewFinding]
    /// What a player needs to walk this picture: its controls and what they do.
    public var controls: PreviewControls

    /// A title for people: "welcome, page 'login' on iPhone SE (3rd gen), portrait".
    public var title: String {
        let item = picture.tour.map { "tour '\($0)', step '\(picture.item)'" } ?? "page '\(picture.item)'"
        return "\(picture.guide), \(item) on \(screenName) (\(variant.name))"
    }
}
