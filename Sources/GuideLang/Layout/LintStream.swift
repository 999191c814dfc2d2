/// Lints guides as the checker hands them over, a batch at a time on every core, so that
/// `guidec lint` never holds the whole program's IR; `Linter.run` lints a whole document through
/// it, so both give the same diagnostics.
public final class LintStream: GuideStreamReceiver {
    private let options: Linter.Options
    private let batchSize: Int
    private var pending: [IRGuide] = []
    private var combined: Linter
    /// Each received guide's identifier, by position, to leave out its layouts when it is broken.
    private var guideIDs: [String] = []
    private var allowed: [Int: Set<String>] = [:]
    private var denied: [Int: Set<String>] = [:]

    /// Creates a stream that lints every `batchSize` guides as they arrive.
    public init(options: Linter.Options, batchSize: Int = 256) {
        self.options = options
        self.batchSize = max(1, batchSize)
        combined = Linter(options: options)
    }

    /// Nothing to do: lint needs no locales.
    public func begin(defaultLocale: String?, locales: [String]) {}

    /// Queues a guide, and lints the queue once it holds a batch.
    public func receive(_ guide: IRGuide) {
        let index = guideIDs.count
        guideIDs.append(guide.id)
        if !guide.lint.allowed.isEmpty { allowed[index] = Set(guide.lint.allowed) }
        if !guide.lint.denied.isEmpty { denied[index] = Set(guide.lint.denied) }
        pending.append(guide)
        if pending.count >= batchSize { lintPending() }
    }

    /// Lints what is still queued and returns the diagnostics (merged across screens, in source
    /// order) and the layouts, leaving out the guides at the `excluded` positions (those an error
    /// points into, which `Compilation.brokenStreamedGuides` names).
    public func finish(excluding excluded: Set<Int> = []) -> (diagnostics: [Diagnostic], layouts: [Linter.StepLayout]) {
        lintPending()
        let diagnostics = combined.merged(allowed: allowed, denied: denied, excluding: excluded)
        guard !excluded.isEmpty else { return (diagnostics, combined.layouts) }
        let excludedIDs = Set(excluded.compactMap { $0 < guideIDs.count ? guideIDs[$0] : nil })
        return (diagnostics, combined.layouts.filter { !excludedIDs.contains($0.guide) })
    }

    private func lintPending() {
        guard !pending.isEmpty else { return }
        let firstIndex = guideIDs.count - pending.count
        for linter in Linter.lint(pending, firstIndex: firstIndex, options: options) { combined.append(linter) }
        pending.removeAll(keepingCapacity: true)
    }
}
