/// Where the runtime keeps its state between launches. `load` gives the state kept (a fresh one
/// when there is none) and whatever was wrong with it; `save` keeps a whole state, so a store
/// never holds half of an update. Implementations: `InMemoryStateStore` here, and the file and
/// `UserDefaults` stores of `GuideRuntimeStorage`.
public protocol GuideStateStore {
    /// The state kept, and the problems found reading it (each also repaired).
    mutating func load() -> (state: RuntimeState, problems: [StoreProblem])
    /// Keeps `state`; a problem if it could not be kept (the previous state is then intact).
    mutating func save(_ state: RuntimeState) -> StoreProblem?
}
