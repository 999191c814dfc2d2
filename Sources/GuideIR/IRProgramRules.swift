/// What the program's guides share about when they show: the parameters their conditions
/// compare, how often a new guide may appear, and the groups that show guides one at a time.
public struct IRProgramRules: Equatable, Sendable {
    /// The parameters, in declaration order across files.
    public var parameters: [IRParameter]
    /// How soon after a guide showed another may first appear: `immediate`, `hourly`,
    /// `daily`, `weekly` or `monthly`.
    public var frequency: String
    /// The groups, in declaration order across files.
    public var groups: [IRGroup]

    /// The frequencies, in order.
    public static let frequencies = ["immediate", "hourly", "daily", "weekly", "monthly"]

    /// Creates the rules; by default no parameters, no groups and no frequency limit.
    public init(parameters: [IRParameter] = [], frequency: String = "immediate", groups: [IRGroup] = []) {
        self.parameters = parameters
        self.frequency = frequency
        self.groups = groups
    }
}

/// Guides shown one at a time: in the order listed, or whichever is first available.
public struct IRGroup: Equatable, Sendable {
    /// The group's id.
    public var id: String
    /// `ordered` (each guide after the one before it has completed) or `first-available`
    /// (the first listed whose rules hold).
    public var order: String
    /// The guides' ids, in order.
    public var guides: [String]

    /// Creates a group.
    public init(id: String, order: String, guides: [String]) {
        self.id = id
        self.order = order
        self.guides = guides
    }
}
