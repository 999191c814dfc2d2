/// Which blocks' `allow` and `deny` can reach each layout lint code: what each code's findings
/// are about (docs/layout.md section 10). Shared by the checker, which refuses a code its
/// block can never reach, and the linter, which resolves a finding against the blocks it is about.
enum LintCodeScopes {
    /// What a finding is about.
    enum Subject {
        /// A step: reached by the step, its styles, its tour and the tour's styles.
        case step
        /// A target a step highlights: reached by the step's blocks and by the target and its screen.
        case highlightedTarget
        /// A page: reached by the page, its styles, the `pages` block and its styles.
        case page
        /// The guide as a whole: reached by the guide only.
        case guide
    }

    /// What the findings of a layout lint code are about.
    static func subject(of code: DiagnosticCode) -> Subject {
        switch code {
        case .targetOffScreen, .targetInUnsafeArea, .tapTargetTooSmall, .scrollTargetWithoutAnchor, .measuredFrameDiffers:
            .highlightedTarget
        case .pageOverflow: .page
        // GL1014 is about the frames file, which no block reaches; as an error, nothing silences it.
        case .guideNotLinted, .invalidFramesFile: .guide
        // GL1006 and GL1008 are checked on steps and pages alike.
        default: .step
        }
    }

    /// Whether findings of `code` are checked on pages as well as steps.
    private static func isOnPagesAndSteps(_ code: DiagnosticCode) -> Bool { code == .tooManyLines || code == .lowContrast }

    /// Whether a block of `kind` can silence or raise findings of `code`.
    static func reaches(_ code: DiagnosticCode, from kind: DeclarationKind) -> Bool {
        let subject = subject(of: code)
        let onPages = subject == .page || isOnPagesAndSteps(code)
        let onSteps = subject == .step || subject == .highlightedTarget
        switch kind {
        case .guide: return true
        case .step, .tour: return onSteps
        case .target, .screen: return subject == .highlightedTarget
        case .page, .pages: return onPages
        case .style: return onSteps || onPages
        default: return false
        }
    }

    /// The blocks that can reach `code`, for a note: "steps, tours, styles and guides".
    static func reachingBlocks(of code: DiagnosticCode) -> String {
        let kinds: [(DeclarationKind, String)] = [(.target, "targets"), (.screen, "screens"), (.step, "steps"), (.tour, "tours"),
                                                  (.page, "pages"), (.pages, "'pages' blocks"), (.style, "styles"), (.guide, "guides")]
        let names = kinds.filter { reaches(code, from: $0.0) }.map(\.1)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
