/// A walk through a graph along one chosen edge from each node, which must come back to a node it
/// has visited once every node it reaches leads on: how the IR reader names a cycle of guides'
/// `after` and the checker one of steps' `after`.
public enum CycleWalk {
    /// The cycle the walk from `start` along `next` ends in: its nodes in walk order, from the first
    /// one visited twice; nil when `next` leads nowhere from a node on the way. Each node is visited
    /// once, so a cycle of any length costs its length.
    public static func cycle(from start: Int, next: (Int) -> Int?) -> [Int]? {
        var seenAt: [Int: Int] = [:]
        var walk: [Int] = []
        var current = start
        while seenAt[current] == nil {
            seenAt[current] = walk.count
            walk.append(current)
            guard let following = next(current) else { return nil }
            current = following
        }
        return seenAt[current].map { Array(walk[$0...]) }
    }
}
