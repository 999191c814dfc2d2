import Dispatch
import Synchronization

/// Maps `0..<count` on at most `workers` threads at once (every core by default), returning the
/// results in index order, so the result never depends on timing.
func concurrentMap<Result: Sendable>(
    _ count: Int, workers: Int = ProcessorCount.online, _ transform: @Sendable (Int) -> Result
) -> [Result] {
    guard count > 1, workers > 1 else { return (0..<count).map(transform) }
    let slots = ResultSlots<Result>(count: count)
    // Each worker takes the next index left until none is.
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(workers, count)) { _ in
        while case let index = next.add(1, ordering: .relaxed).oldValue, index < count {
            slots.store(transform(index), at: index)
        }
    }
    return slots.results
}

/// One slot per index, each written once, by the worker that took that index.
private final class ResultSlots<Result: Sendable>: Sendable {
    private let slots: Mutex<[Result?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func store(_ result: Result, at index: Int) { slots.withLock { $0[index] = result } }

    /// Every slot's result; each has been stored once `concurrentPerform` returns.
    var results: [Result] {
        // cannot fire: concurrentPerform returns only after its workers took and stored every index.
        slots.withLock { $0.map { $0! } }
    }
}
