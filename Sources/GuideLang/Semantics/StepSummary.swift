import GuideIR

/// What a tour's order needs of a step that is read again from the source when it is lowered:
/// its name, where it starts, its `order` and its `after`. A tour too large to hold as
/// declaration nodes (see `Checker.stepStreamingSize`) keeps one of these per step, about 70
/// bytes, where a node with its properties is several hundred.
struct StepSummary: StepOrdering.Orderable {
    let name: String
    let hasName: Bool
    let fileID: FileID
    /// Where the step's leading trivia starts, to read it again (`SyntaxStream.step`).
    let triviaStart: UInt32
    private let nameStart: UInt32
    private let nameEnd: UInt32
    let explicitOrder: (value: Int, range: SourceRange)?
    let after: (references: [Reference], range: SourceRange)?

    /// The summary of a step just collected.
    init(of step: DeclarationNode) {
        name = step.name
        hasName = step.hasName
        fileID = step.fileID
        triviaStart = step.triviaStart
        nameStart = UInt32(truncatingIfNeeded: step.nameRange.start)
        nameEnd = UInt32(truncatingIfNeeded: step.nameRange.end)
        explicitOrder = step.explicitOrder
        after = step.after
    }

    var nameRange: SourceRange { SourceRange(fileID: fileID, start: Int(nameStart), end: Int(nameEnd)) }
}

extension DeclarationNode: StepOrdering.Orderable {
    var explicitOrder: (value: Int, range: SourceRange)? {
        guard case .integer(let order)? = value("order"), let entry = properties["order"] else { return nil }
        return (order, entry.range)
    }

    var after: (references: [Reference], range: SourceRange)? {
        guard case .references(let references)? = value("after"), let entry = properties["after"] else { return nil }
        return (references, entry.range)
    }
}
