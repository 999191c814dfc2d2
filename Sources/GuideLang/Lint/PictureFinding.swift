import GuideIR
import GuideLayout

/// One lint finding on one picture of `guidec preview`: a page or step of a guide on one screen
/// (or on every screen, for a check that does not depend on the screen), before findings are
/// merged across screens into diagnostics. Findings a guide's `allow` silences are left out.
public struct PictureFinding: Equatable, Sendable {
    /// A screen as a picture names it: its id and orientation.
    public struct ScreenKey: Hashable, Sendable {
        /// The device's id, or a custom screen's.
        public var id: String
        /// The orientation.
        public var orientation: Orientation

        /// The key of `screen`.
        public init(_ screen: Screen) {
            id = screen.id
            orientation = screen.orientation
        }
    }

    /// The guide's id.
    public var guide: String
    /// The page or step the finding is about; nil for the guide itself.
    public var subject: IRLintSubject?
    /// The screen it happened on; nil when it holds on every screen.
    public var screen: ScreenKey?
    /// The code, such as `GL1003`.
    public var code: String
    /// `error`, `warning` or `note`, after the guide's `deny`.
    public var severity: String
    /// The diagnostic's message.
    public var message: String
    /// What it measured on this screen ("on iPhone SE (3rd gen), portrait: ..."); may be empty.
    public var detail: String
    /// The target it is about, for a finding about a highlighted target.
    public var target: String?
}

extension Linter {
    /// Lints `guide` alone, on the screens `options` and the guide's own settings choose, and
    /// returns every finding by the picture it is on, in the order found.
    public static func pictureFindings(of guide: IRGuide, options: Options) -> [PictureFinding] {
        var options = options
        options.recordsLayouts = false
        var linter = Linter(options: options)
        linter.pictureFindings = []
        linter.lint(guide, position: 0)
        return linter.pictureFindings ?? []
    }
}
