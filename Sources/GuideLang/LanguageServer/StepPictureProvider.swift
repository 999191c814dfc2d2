import GuideIR
import GuideLayout

/// What draws a step's picture for the language server's hover: the SVG document of step
/// `stepIndex` of tour `tourIndex` of a lowered guide on a screen, or an empty string for none.
///
/// GuideLang does not import GuidePreview (ARCHITECTURE.md, Modules): the command line, which
/// links both, hands the server `GuidePreview.StepThumbnail.svg` through
/// `LanguageServer.init(providerForRoots:stepPicture:)`, and the tests hand it the same function.
/// Without one, a step's hover is text only.
public typealias StepPictureProvider = @Sendable (_ guide: IRGuide, _ tourIndex: Int, _ stepIndex: Int, _ screen: Screen) -> String
