import GuideIR

/// What a document check hands each lowered guide to: the guide is kept (hover, inlay hints and
/// code lenses read the lowered guides) and, when lint is on, laid out at once on the
/// background queue (`LintStream`), so layout runs beside the lowering of the guides after it
/// instead of after the whole program, as `guidec lint` does.
final class LintedGuideCollector: GuideStreamReceiver {
    /// The guides received, in source order.
    private(set) var guides: [IRGuide] = []
    /// Where the guides are linted, nil when layout findings are turned off.
    private let lint: LintStream?

    /// Creates a collector that lints with `options`, or only keeps the guides when nil.
    init(lintOptions: Linter.Options?) {
        lint = lintOptions.map { LintStream(options: $0) }
    }

    func begin(defaultLocale: String?, locales: [String]) {}

    func receive(_ guide: IRGuide) {
        guides.append(guide)
        lint?.receive(guide)
    }

    /// Waits for the layout of every guide received and returns its findings, as
    /// `Linter.lint` would have on the same guides; empty when lint is off.
    func lintFindings(reportingUnusedAllows: Bool) -> [Diagnostic] {
        lint?.finish(reportingUnusedAllows: reportingUnusedAllows).diagnostics ?? []
    }
}
