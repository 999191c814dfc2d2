import Foundation
import GuideRuntime

/// A store that keeps the state in `UserDefaults` (Foundation has it on Linux too), as the
/// bytes of `RuntimeStateCoding` under one key, so it reads and recovers exactly as the file
/// store does: a value that is not a state is reported, kept under `KEY.unreadable` (or the first
/// free of `KEY.unreadable-2` and on, so an earlier copy is never overwritten) and replaced.
public struct UserDefaultsStateStore: GuideStateStore, @unchecked Sendable {
    /// The defaults written to (`UserDefaults` is thread-safe, but not marked `Sendable`).
    public let defaults: UserDefaults
    /// The key the state is kept under.
    public let key: String

    /// Creates a store under `key` in `defaults`.
    public init(defaults: UserDefaults = .standard, key: String = "guide-runtime-state") {
        self.defaults = defaults
        self.key = key
    }

    /// The state kept (fresh when there is none), and what was wrong with it.
    public mutating func load() -> (state: RuntimeState, problems: [StoreProblem]) {
        guard let value = defaults.object(forKey: key) else { return (RuntimeState(), []) }
        let bytes = (value as? Data).map(Array.init) ?? []
        var result = RuntimeStateCoding.decode(bytes)
        if !(value is Data) {
            result = (RuntimeState(), [StoreProblem(.corrupt, "the value under '\(key)' is not data")])
        }
        if let index = result.problems.firstIndex(where: { $0.kind == .corrupt || $0.kind == .futureVersion }) {
            let kept = (1...FileStateStore.maximumSetAsideCopies).lazy
                .map { [key] in FileStateStore.setAsideName(of: key, copy: $0) }
                .first { defaults.object(forKey: $0) == nil }
            if let kept {
                defaults.set(value, forKey: kept)
                result.problems[index].message += "; kept under '\(kept)'"
            } else {
                result.problems.append(StoreProblem(.ioFailure,
                    "\(FileStateStore.maximumSetAsideCopies) unreadable values of '\(key)' are kept already; this one was replaced without a copy"))
            }
            if let problem = save(result.state) { result.problems.append(problem) }
        }
        return result
    }

    /// Keeps the state's bytes under the key (one value, so never half of an update).
    public mutating func save(_ state: RuntimeState) -> StoreProblem? {
        defaults.set(Data(RuntimeStateCoding.encode(state)), forKey: key)
        return nil
    }
}
