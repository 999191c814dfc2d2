import GuideIR

/// What a tour's order needs of a step that is read again from the source when it is lowered:
/// its name, where it starts, its `order` and its `after`. A tour too large to hold as
/// declaration nodes (see `Checker.stepStreamingSize`) keeps one of these per step, 72 bytes,
/// where a node with its properties is several hundred.
struct StepSummary: StepOrdering.Orderable {
    let name: String
    let hasName: Bool
    let fileID: FileID
    /// Where the step's leading trivia starts, to read it again (`StepReader`).
    let triviaStart: UInt32
    // Offsets, not ranges: a range is three words, and a huge tour keeps one summary per step.
    private let nameStart: UInt32
    private let nameEnd: UInt32
    private let order: Int?
    private let orderStart: UInt32
    private let orderEnd: UInt32
    private let afterReferences: [Reference]?
    private let afterStart: UInt32
    private let afterEnd: UInt32

    /// The summary of a step just collected.
    init(of step: DeclarationNode) {
        name = step.name
        hasName = step.hasName
        fileID = step.fileID
        triviaStart = step.triviaStart
        nameStart = UInt32(truncatingIfNeeded: step.nameRange.start)
        nameEnd = UInt32(truncatingIfNeeded: step.nameRange.end)
        let explicitOrder = step.explicitOrder
        order = explicitOrder?.value
        orderStart = UInt32(truncatingIfNeeded: explicitOrder?.range.start ?? 0)
        orderEnd = UInt32(truncatingIfNeeded: explicitOrder?.range.end ?? 0)
        let after = step.after
        afterReferences = after?.references
        afterStart = UInt32(truncatingIfNeeded: after?.range.start ?? 0)
        afterEnd = UInt32(truncatingIfNeeded: after?.range.end ?? 0)
    }

    var nameRange: SourceRange { range(nameStart, nameEnd) }

    var explicitOrder: (value: Int, range: SourceRange)? { order.map { ($0, range(orderStart, orderEnd)) } }

    var after: (references: [Reference], range: SourceRange)? { afterReferences.map { ($0, range(afterStart, afterEnd)) } }

    private func range(_ start: UInt32, _ end: UInt32) -> SourceRange { SourceRange(fileID: fileID, start: Int(start), end: Int(end)) }
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
