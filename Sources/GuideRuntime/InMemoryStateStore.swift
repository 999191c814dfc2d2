/// A store that keeps the state in memory, for tests, previews and `guidec simulate`: it keeps
/// the encoded bytes, so what it gives back has been through the same coding as a file.
public struct InMemoryStateStore: GuideStateStore, Sendable {
    /// The bytes kept, nil before the first save.
    public var bytes: [UInt8]?

    /// Creates a store, empty or holding `bytes`.
    public init(bytes: [UInt8]? = nil) { self.bytes = bytes }

    /// The state kept, read as a file's would be.
    public mutating func load() -> (state: RuntimeState, problems: [StoreProblem]) {
        guard let bytes else { return (RuntimeState(), []) }
        let result = RuntimeStateCoding.decode(bytes)
        // A state that could not be read is replaced, as the file store replaces its file.
        if result.problems.contains(where: { $0.kind == .corrupt || $0.kind == .futureVersion }) {
            self.bytes = RuntimeStateCoding.encode(result.state)
        }
        return result
    }

    /// Keeps the state's bytes.
    public mutating func save(_ state: RuntimeState) -> StoreProblem? {
        bytes = RuntimeStateCoding.encode(state)
        return nil
    }
}
