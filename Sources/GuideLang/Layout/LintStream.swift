import Dispatch
import Synchronization

/// Lints guides as the checker hands them over, so that `guidec lint` never holds the whole
/// program's IR: every full batch is laid out on a background queue while the checker goes on
/// lowering the next guides (lowering runs on one core, so lint uses the other), and the last
/// batch on every core once lowering is done. `Linter.run` lints a whole document through it,
/// so both give the same diagnostics.
public final class LintStream: GuideStreamReceiver {
    private let options: Linter.Options
    private let batchSize: Int
    private var pending: [IRGuide] = []
    /// Each received guide's identifier, by position, to leave out its layouts when it is broken.
    private var guideIDs: [String] = []
    private var allowed: [Int: Set<String>] = [:]
    private var denied: [Int: Set<String>] = [:]
    private let background: BackgroundLinter

    /// Creates a stream that lints every `batchSize` guides as they arrive.
    public init(options: Linter.Options, batchSize: Int = 32) {
        self.options = options
        self.batchSize = max(1, batchSize)
        background = BackgroundLinter(options: options)
    }

    /// Nothing to do: lint needs no locales.
    public func begin(defaultLocale: String?, locales: [String]) {}

    /// Queues a guide, and hands the queue to the background once it holds a batch.
    public func receive(_ guide: IRGuide) {
        let index = guideIDs.count
        guideIDs.append(guide.id)
        if !guide.lint.allowed.isEmpty { allowed[index] = Set(guide.lint.allowed) }
        if !guide.lint.denied.isEmpty { denied[index] = Set(guide.lint.denied) }
        pending.append(guide)
        guard pending.count >= batchSize else { return }
        background.lint(pending, firstIndex: guideIDs.count - pending.count, options: options)
        pending.removeAll(keepingCapacity: true)
    }

    /// Lints what is still queued and returns the diagnostics (merged across screens, in source
    /// order) and the layouts, leaving out the guides at the `excluded` positions (those an error
    /// points into, which `Compilation.brokenStreamedGuides` names).
    public func finish(excluding excluded: Set<Int> = []) -> (diagnostics: [Diagnostic], layouts: [Linter.StepLayout]) {
        var combined = background.waitForResult()
        for linter in Linter.lint(pending, firstIndex: guideIDs.count - pending.count, options: options) { combined.append(linter) }
        pending.removeAll()
        let diagnostics = combined.merged(allowed: allowed, denied: denied, excluding: excluded)
        guard !excluded.isEmpty else { return (diagnostics, combined.layouts) }
        let excludedIDs = Set(excluded.compactMap { $0 < guideIDs.count ? guideIDs[$0] : nil })
        return (diagnostics, combined.layouts.filter { !excludedIDs.contains($0.guide) })
    }
}

/// Lints batches one after another on a serial queue and joins their findings in the order the
/// batches came, so the result does not depend on timing.
private final class BackgroundLinter: Sendable {
    private let queue = DispatchQueue(label: "guidec.lint")
    /// Changed only on `queue` and read after `queue.sync`; the lock is what lets the compiler
    /// see that.
    private let combined: Mutex<Linter>

    init(options: Linter.Options) { combined = Mutex(Linter(options: options)) }

    func lint(_ guides: [IRGuide], firstIndex: Int, options: Linter.Options) {
        queue.async { [self] in
            let linters = Linter.lint(guides, firstIndex: firstIndex, options: options)
            // Appended in place: the joined findings grow with the program, and a copy per batch would not.
            combined.withLock { joined in
                for linter in linters { joined.append(linter) }
            }
        }
    }

    /// Waits for every batch handed over so far and returns their joined findings.
    func waitForResult() -> Linter {
        queue.sync {}
        return combined.withLock { $0 }
    }
}
