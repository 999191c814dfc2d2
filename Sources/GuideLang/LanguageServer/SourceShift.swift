import GuideIR

/// Moves what a check found in one text to where it lies in an edited text: every offset of the
/// document (file 0) at or after `from` moves by `by` bytes, the rest stay. A check's results for
/// the guides an edit did not touch are reused this way (`GuideReuse`), shifted by how far the
/// edited guide grew or shrank.
struct SourceShift {
    /// The first offset that moves: the end of the edited guide in the older text.
    let from: Int
    /// How many bytes later it lies in the newer text (negative: earlier).
    let by: Int

    /// Whether nothing moves.
    var isIdentity: Bool { by == 0 }

    /// Where an offset of the older text lies in the newer.
    func offset(_ offset: Int) -> Int { offset >= from ? offset + by : offset }

    /// Where a range of the document lies in the newer text; other files' ranges stay.
    func range(_ range: SourceRange) -> SourceRange {
        guard range.fileID.index == 0, range.end >= from else { return range }
        return SourceRange(fileID: range.fileID, start: offset(range.start), end: offset(range.end))
    }

    /// `range(_:)` of a range that may be absent.
    func range(_ range: SourceRange?) -> SourceRange? { range.map { self.range($0) } }

    /// A diagnostic with its range, labels, fix-its and suppressions moved.
    func diagnostic(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !isIdentity else { return diagnostic }
        var moved = diagnostic
        moved.range = range(diagnostic.range)
        for index in moved.labels.indices { moved.labels[index].range = range(moved.labels[index].range) }
        for index in moved.fixIts.indices {
            moved.fixIts[index].range = range(moved.fixIts[index].range)
        }
        for index in moved.suppressions.indices { moved.suppressions[index].range = range(moved.suppressions[index].range) }
        return moved
    }

    /// An occurrence with where it is written and its declaration moved.
    func symbol(_ occurrence: SymbolOccurrence) -> SymbolOccurrence {
        guard !isIdentity else { return occurrence }
        let symbol = SymbolOccurrence.Symbol(kind: occurrence.symbol.kind, name: occurrence.symbol.name,
                                             declaration: range(occurrence.symbol.declaration))
        return SymbolOccurrence(symbol: symbol, range: range(occurrence.range), isDeclaration: occurrence.isDeclaration)
    }

    /// A resolved property with its step and where it is written moved.
    func property(_ property: ResolvedProperty) -> ResolvedProperty {
        guard !isIdentity else { return property }
        return ResolvedProperty(step: range(property.step), property: property.property, writtenAt: range(property.writtenAt),
                                origin: property.origin)
    }

    /// A top-level declaration moved; the edited guide, which ends at `from`, grows or shrinks.
    func member(_ member: TopLevelMember) -> TopLevelMember {
        guard member.fileID.index == 0, member.end >= from else { return member }
        var moved = member
        moved.start = offset(member.start)
        moved.end = offset(member.end)
        return moved
    }

    /// A lint rule with its range and its list's places moved.
    func rule(_ rule: IRLintRule) -> IRLintRule {
        var moved = rule
        moved.range = range(rule.range)
        moved.list.items = rule.list.items.map(range)
        moved.list.property = range(rule.list.property)
        return moved
    }

    /// A lowered guide with every place it keeps moved (lint and hover read them).
    func guide(_ guide: IRGuide) -> IRGuide {
        // A guide before the edit keeps every place (its own, and those of what it shares, which
        // lie before it or are moved by the same rule).
        guard !isIdentity else { return guide }
        var moved = guide
        moved.range = range(guide.range)
        if var pages = moved.pages {
            for index in pages.pages.indices { pages.pages[index].range = range(pages.pages[index].range) }
            moved.pages = pages
        }
        for screen in moved.screens.indices {
            for target in moved.screens[screen].targets.indices {
                moved.screens[screen].targets[target].range = range(moved.screens[screen].targets[target].range)
            }
        }
        for tour in moved.tours.indices {
            for step in moved.tours[tour].steps.indices {
                moved.tours[tour].steps[step].range = range(moved.tours[tour].steps[step].range)
                moved.tours[tour].steps[step].overlayRange = range(moved.tours[tour].steps[step].overlayRange)
            }
        }
        moved.lint.scopes.guide = moved.lint.scopes.guide.map(rule)
        for (subject, chain) in moved.lint.scopes.chains {
            moved.lint.scopes.chains[subject] = chain.map { $0.map(rule) }
        }
        return moved
    }
}
