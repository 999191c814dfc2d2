import Dispatch
import GuideIR
import GuideLayout
import Synchronization

/// Lints guides as the checker hands them over, so that `guidec lint` never holds the whole
/// program's IR: every full batch is laid out on a background queue while the checker goes on
/// lowering the next guides (lowering runs on one core, so a batch takes the others), and once
/// lowering is done the batches left take every core. `Linter.run` lints a whole document
/// through it, so both give the same diagnostics.
///
/// With a diagnostic budget it keeps at most the budget's limit of findings (the rest are
/// counted into the budget at the end), and with a layout sink it hands each step's layout
/// over as soon as its batch is joined instead of keeping it: either way its memory stays
/// bounded however many findings and layouts a large program has. A huge guide's steps come one
/// at a time (`StepStreamReceiver`) and are laid out in runs of `stepsPerItem`, so neither its
/// tour's IR nor the lowering running ahead of layout (at most a few batches wait) is held.
public final class LintStream: StepStreamReceiver {
    private let options: Linter.Options
    private let batchSize: Int
    private var pending: [LintItem] = []
    /// How many steps the queued items hold.
    private var pendingSteps = 0
    /// How many guides have been received.
    private var receivedCount = 0
    /// The guide whose steps are coming one at a time, the tour they are in, and those of them
    /// not yet handed on.
    private var streamedGuide: IRGuide?
    private var streamedTour = 0
    private var streamedSteps: [IRStep] = []
    /// How many of a huge guide's steps make one piece of work.
    static let stepsPerItem = 256
    /// How many steps a batch holds at most (besides `batchSize` guides): a batch's layouts
    /// (one per step and screen, kept until the batch is joined for `--format json`) and its
    /// lowered steps are held at once, so a batch of 32 runs of a huge guide's steps (8,192
    /// steps, 65,536 layouts on the default screens) held tens of megabytes.
    static let stepsPerBatch = 1024
    private let background: BackgroundLinter
    private let budget: DiagnosticBudget?
    /// With measured frames, the screens the guides declare and their targets' ids, for the
    /// names of a frames file that match none (GL1014).
    private var declaredTargets: [String: Set<String>] = [:]
    /// The device, orientation and text size of every screen a guide was laid out on, when there
    /// are measured frames: a measurement on none of them was compared with nothing (GL1015).
    private var laidOutKeys: Set<MeasuredFrames.Key> = []

    /// Creates a stream that lints every `batchSize` guides as they arrive. Findings take room
    /// in `budget` when one is given; layouts (when the options record them) go to
    /// `layoutSink`, in order, when one is given, and are returned by `finish` otherwise.
    /// `lowersAlongside` says whether the caller lowers guides while batches are laid out (a
    /// checker handing them over); when the guides are lowered already, every batch takes every core.
    public init(options: Linter.Options, batchSize: Int = 32, budget: DiagnosticBudget? = nil,
                layoutSink: (@Sendable (Linter.StepLayout) -> Void)? = nil, lowersAlongside: Bool = true) {
        self.options = options
        self.batchSize = max(1, batchSize)
        self.budget = budget
        background = BackgroundLinter(options: options, limit: budget?.limit, silencedCodes: budget?.silencedCodes ?? [],
                                      layoutSink: layoutSink, callerLowers: lowersAlongside)
    }

    /// Nothing to do: lint needs no locales.
    public func begin(defaultLocale: String?, locales: [String]) {}

    /// Queues a guide, and hands the queue to the background once it holds a batch.
    public func receive(_ guide: IRGuide) {
        declare(guide)
        receivedCount += 1
        enqueue(LintItem(guide: guide, position: receivedCount - 1))
    }

    /// Queues a huge guide's own findings and pages; its steps follow.
    public func beginGuide(_ header: IRGuide) {
        declare(header)
        receivedCount += 1
        streamedGuide = header
        streamedTour = 0
        enqueue(LintItem(guide: header, position: receivedCount - 1))
    }

    /// Gathers a step of the guide `beginGuide` queued, and queues each run of `stepsPerItem`.
    public func receive(_ step: IRStep, ofTour tourIndex: Int) {
        if tourIndex != streamedTour {
            enqueueStreamedSteps()
            streamedTour = tourIndex
        }
        streamedSteps.append(step)
        if streamedSteps.count >= Self.stepsPerItem { enqueueStreamedSteps() }
    }

    /// Notes the screens and targets a guide declares, when there are measured frames to match.
    private func declare(_ guide: IRGuide) {
        guard options.measuredFrames != nil else { return }
        for screen in guide.screens { declaredTargets[screen.id, default: []].formUnion(screen.targets.map(\.id)) }
        for screen in ScreenSelection.screens(for: guide.lint, screens: options.screens, orientations: options.orientations) {
            laidOutKeys.insert(MeasuredFrames.Key(screen: screen, category: options.category))
        }
    }

    /// Queues the guide's last steps.
    public func endGuide() {
        enqueueStreamedSteps()
        streamedGuide = nil
    }

    /// Queues the steps gathered as a run of one tour of the streamed guide.
    private func enqueueStreamedSteps() {
        guard var part = streamedGuide, !streamedSteps.isEmpty else { return }
        let tour = part.tours[streamedTour]
        part.tours = [IRTour(id: tour.id, screen: tour.screen, steps: streamedSteps)]
        streamedSteps = []
        enqueue(LintItem(guide: part, position: receivedCount - 1, stepsOnly: true))
    }

    private func enqueue(_ item: LintItem) {
        pending.append(item)
        pendingSteps += item.guide.tours.reduce(0) { $0 + $1.steps.count }
        guard pending.count >= batchSize || pendingSteps >= Self.stepsPerBatch else { return }
        background.lint(pending)
        pending.removeAll(keepingCapacity: true)
        pendingSteps = 0
    }

    /// Lints what is still queued and returns the diagnostics (merged across screens, in source
    /// order) and the layouts. With a budget, the diagnostics are those it admitted, and what it
    /// left out is counted in it. `reportingUnusedAllows` adds GL0320 for each `allow` that
    /// silenced nothing: right only when every guide that an `allow` may reach was linted (no
    /// guide was left out for errors).
    public func finish(reportingUnusedAllows: Bool = true) -> (diagnostics: [Diagnostic], layouts: [Linter.StepLayout]) {
        background.lint(pending, onEveryCore: true)
        pending.removeAll()
        pendingSteps = 0
        let combined = background.waitForResult()
        var diagnostics = combined.merged()
        if reportingUnusedAllows { diagnostics = (diagnostics + combined.unusedAllowDiagnostics()).sortedBySourcePosition() }
        // Like an unused `allow`, a name no guide declares is known only when no guide was left out.
        if reportingUnusedAllows, let frames = options.measuredFrames {
            diagnostics += MeasuredFramesCheck.unknownNames(in: frames, declared: declaredTargets, file: options.framesFile)
            diagnostics += MeasuredFramesCheck.unmatchedMeasurements(in: frames, laidOut: laidOutKeys, file: options.framesFile)
        }
        if let budget {
            diagnostics = budget.admitted(diagnostics)
            for (_, left) in combined.leftOut.sorted(by: { $0.key < $1.key }) {
                guard let range = left.firstRange else { continue }
                let severity = left.codes.map { code in
                    budget.reportedSeverity(left.deniedCodes.contains(code) ? .error : code.severity, code: code)
                }.max() ?? .warning
                budget.count(left.count, severity: severity, firstRange: range)
            }
        }
        return (diagnostics, combined.layouts)
    }
}

/// Lints batches one after another on a serial queue and joins their findings in the order the
/// batches came, so the result does not depend on timing.
private final class BackgroundLinter: Sendable {
    private let queue = DispatchQueue(label: "guidec.lint")
    /// Changed only on `queue` and read after `queue.sync`; the lock is what lets the compiler
    /// see that.
    private let combined: Mutex<Linter>
    private let options: Linter.Options
    /// The most findings kept, when capped.
    private let limit: Int?
    /// Codes the run does not report (warnings only).
    private let silencedCodes: Set<String>
    private let layoutSink: (@Sendable (Linter.StepLayout) -> Void)?
    /// Batches handed over and not yet laid out may be at most this many: lowering is faster
    /// than layout, and each waiting batch holds its IR.
    private let waiting = DispatchSemaphore(value: 4)
    /// How many batches are handed over and not yet laid out, this one included.
    private let waitingBatches = Atomic<Int>(0)
    /// Whether the caller still lowers guides on a core of its own; false once it hands over
    /// the last batch (or from the start, for a document lowered already).
    private let callerLowers: Atomic<Bool>
    /// Batches laid out, kept for the caller to free: their IR was allocated on the caller's
    /// thread, and freeing it on the queue's made the two threads contend for the lock of the
    /// caller's malloc arena (lint of 20 MB: 1.43 to 1.33 s, `Benchmarks/pairs 20`; about 8,000
    /// context switches to 500).
    private let laidOut = Mutex<[[LintItem]]>([])

    init(options: Linter.Options, limit: Int?, silencedCodes: Set<String>, layoutSink: (@Sendable (Linter.StepLayout) -> Void)?,
         callerLowers: Bool) {
        self.options = options
        self.limit = limit
        self.silencedCodes = silencedCodes
        self.layoutSink = layoutSink
        self.callerLowers = Atomic(callerLowers)
        combined = Mutex(Linter(options: options))
    }

    /// Lints a batch after those before it: on the background queue, or (the last batch) on
    /// every core while the caller waits.
    func lint(_ items: [LintItem], onEveryCore: Bool = false) {
        freeLaidOutBatches()
        let batch = HandedBatch(items)
        let work: @Sendable () -> Void = { [self] in
            // While the checker lowers the next guides on one core, a batch takes the others only
            // (on two cores, three busy threads slowed the lowering lint waits for: lint of 20 MB
            // 1.74 to 1.59 s), unless batches are waiting behind it: layout is then what lags.
            // Once lowering is done (the last batch handed over), every batch left takes every core.
            let takesEveryCore = !callerLowers.load(ordering: .relaxed) || waitingBatches.load(ordering: .relaxed) > 1
            let linters = batch.withItems { items in
                Linter.lint(items, options: options, cores: takesEveryCore ? ProcessorCount.online : ProcessorCount.online - 1)
            }
            // Appended in place: the joined findings grow with the program, and a copy per batch would not.
            combined.withLock { joined in
                for linter in linters { join(linter, into: &joined) }
            }
            // Taken out of the batch straight into the list: the queue keeps no reference to them.
            laidOut.withLock { $0.append(batch.take()) }
        }
        if onEveryCore {
            callerLowers.store(false, ordering: .relaxed)
            queue.sync(execute: work)
        } else {
            waiting.wait()
            // The batch whose end let this one in is laid out: freed now, not after the next lowering.
            freeLaidOutBatches()
            waitingBatches.add(1, ordering: .relaxed)
            queue.async { [self] in
                work()
                waitingBatches.subtract(1, ordering: .relaxed)
                waiting.signal()
            }
        }
    }

    private func join(_ linter: Linter, into joined: inout Linter) {
        var linter = linter
        if let layoutSink {
            for layout in linter.layouts { layoutSink(layout) }
            linter.removeLayouts()
        }
        guard let limit else {
            joined.append(linter)
            return
        }
        joined.append(linter, keepingAtMost: limit) { code, _ in
            // A finding of a code the run silences takes no room (those an 'allow' silences were
            // dropped already): an error is never silenced.
            code.severity == .error || !silencedCodes.contains(code.id)
        }
    }

    /// Waits for every batch handed over so far and returns their joined findings.
    func waitForResult() -> Linter {
        queue.sync {}
        freeLaidOutBatches()
        return combined.withLock { $0 }
    }

    /// Frees the batches laid out so far, on the caller's thread: the queue hands their items
    /// over without keeping a reference (`HandedBatch.take`), so the one taken out of `laidOut`
    /// here is the last.
    private func freeLaidOutBatches() {
        let batches = laidOut.withLock { batches in
            defer { batches = [] }
            return batches
        }
        withExtendedLifetime(batches) {}
    }
}

/// A batch handed to the queue. The queue lays its items out in place and then takes them out,
/// so that releasing the work it ran (on the queue's thread, whenever the queue does) frees an
/// empty batch and never the items.
private final class HandedBatch: Sendable {
    private let items: Mutex<[LintItem]>

    init(_ items: [LintItem]) { self.items = Mutex(items) }

    /// Runs `body` on the items, which stay in the batch.
    func withItems<Result>(_ body: ([LintItem]) -> Result) -> Result {
        items.withLock { body($0) }
    }

    /// The items, leaving the batch empty.
    func take() -> [LintItem] {
        items.withLock { items in
            defer { items = [] }
            return items
        }
    }
}
