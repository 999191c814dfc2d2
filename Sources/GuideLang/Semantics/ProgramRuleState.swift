import GuideIR

/// What the checker settles about the program's rules before any guide is lowered: the
/// parameters, the settings, each guide's resolved condition, and the guides that can never show.
struct ProgramRuleState {
    /// The parameters by name (the first of each name; a second is reported).
    var parameters: [String: DeclarationNode] = [:]
    /// Each parameter's type, when it was declared with one.
    var parameterTypes: [String: IRParameterType] = [:]
    /// The rules as the IR holds them.
    var lowered = IRProgramRules()
    /// Each top-level guide's condition, resolved and checked.
    var conditions: [DeclarationNode.Identity: IRCondition] = [:]
    /// The guides that can never show: their condition never holds, or they wait for one that
    /// never shows.
    var neverShown: Set<String> = []
}
