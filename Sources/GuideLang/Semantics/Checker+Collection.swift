import GuideIR

extension Checker {
    /// The properties of a guide that tune lint: an error in one rejects only that setting.
    static let lintSettingNames: Set<String> = ["devices", "orientation", "allow", "deny"]

    /// Collects one top-level member, handed over by the file's `SyntaxStream` as a tree of its own.
    func collectTopLevel(_ tree: SyntaxTree, seenDeclaration: inout Bool) {
        for member in tree.members {
            switch member {
            case .importDirective(let directive):
                if seenDeclaration {
                    // The loader follows only the imports before the first declaration.
                    hasFailedImports = true
                    report(Diagnostic(
                        .misplacedImport, at: tree.range(from: directive.keyword, through: directive.path ?? directive.keyword),
                        "import after a declaration",
                        notes: ["imports come first in a file, before any block"]))
                }
            case .property(let property):
                seenDeclaration = true
                let name = tree.text(property.name)
                report(Diagnostic(
                    .unknownProperty, at: tree.range(property.name), "property '\(name)' outside any block",
                    notes: ["properties belong inside a block such as 'guide ID { ... }'"]))
            case .declaration(let syntax):
                seenDeclaration = true
                if let node = collect(syntax, in: tree, parentKind: nil) { topLevel.append(node) }
            }
        }
    }

    /// Reads a top-level guide again from its source and collects its child blocks, which
    /// collection left for now (see `DeclarationNode.hasDeferredChildren`).
    func collectDeferredChildren(of node: DeclarationNode) {
        guard node.hasDeferredChildren else { return }
        node.hasDeferredChildren = false
        let file = files[node.fileID.index]
        // A guide this large may be one huge tour: its steps are collected one at a time as the
        // parser finishes each, and only their summaries kept (see `lowerTour`).
        var stream = Int(node.end - node.start) < stepStreamingSize
            ? SyntaxStream(file, fileID: node.fileID, from: Int(node.triviaStart))
            : SyntaxStream(file, fileID: node.fileID, from: Int(node.triviaStart)) { [unowned self] tree, tourStart in
                guard case .declaration(let syntax)? = tree.members.first,
                      let step = collect(syntax, in: tree, parentKind: .tour) else { return }
                pendingSteps.append(StepSummary(of: step))
                pendingStepTours.append(tourStart)
            }
        let readAhead = node.stepsReadAhead
        node.stepsReadAhead = []
        if !readAhead.isEmpty, Int(node.end - node.start) >= stepStreamingSize {
            // The steps before the first one read ahead are fewer than one per 16 bytes.
            let before = Int(readAhead[0].summary.triviaStart &- node.triviaStart) / 16
            pendingSteps.reserveCapacity(readAhead.count + before)
            pendingStepTours.reserveCapacity(readAhead.count + before)
            var next = 0
            stream.passOverSteps { [unowned self] triviaStart in
                // In source order, as the steps come; a step not passed over is read as before.
                while next < readAhead.count, readAhead[next].summary.triviaStart < triviaStart { next += 1 }
                guard next < readAhead.count, readAhead[next].summary.triviaStart == triviaStart,
                      declarationCount + Int(readAhead[next].declarations) <= declarationLimit else { return nil }
                let step = readAhead[next]
                next += 1
                declarationCount += Int(step.declarations)
                pendingSteps.append(step.summary)
                pendingStepTours.append(step.tourStart)
                return step.lastTokenTriviaStart
            }
        }
        // The same member as before: lexing from a member's trivia gives the same tokens, and
        // the parser starts a top-level member in the same state. Its diagnostics were reported
        // the first time.
        defer {
            pendingSteps = []
            pendingStepTours = []
            pendingStepPosition = 0
        }
        guard let tree = stream.next(), case .declaration(let syntax)? = tree.members.first else { return }
        collectsGuideBlocks = true
        defer { collectsGuideBlocks = false }
        collectMembers(syntax.members, of: node, in: tree, part: .blocks)
    }

    /// Gives a tour the summaries of its steps, collected while the guide was read (steps come
    /// before the tour that holds them, in source order).
    private func takePendingSteps(for tour: DeclarationNode) {
        // Steps of a tour that was not collected (past the declaration limit) lie before it.
        while pendingStepPosition < pendingSteps.count, pendingStepTours[pendingStepPosition] < tour.start {
            pendingStepPosition += 1
        }
        var end = pendingStepPosition
        while end < pendingSteps.count, pendingStepTours[end] == tour.start { end += 1 }
        if pendingStepPosition == 0, end == pendingSteps.count {
            // One tour holding every step: handed over without a copy.
            swap(&tour.stepSummaries, &pendingSteps)
        } else {
            tour.stepSummaries = Array(pendingSteps[pendingStepPosition..<end])
            pendingStepPosition = end
        }
    }

    /// Collects a step of a huge guide in the guide's first reading, reporting nothing, and
    /// keeps its summary when collecting it reports nothing and changes nothing else, so that
    /// the second reading, which reports what collecting steps finds, can pass over it.
    func readAhead(_ tree: SyntaxTree, tourStart: UInt32) {
        guard case .declaration(let syntax)? = tree.members.first else { return }
        let (count, withheld) = (declarationCount, withheldReports)
        isReadingAgain = true
        isReadingAhead = true
        declarationCount = 0
        defer {
            isReadingAgain = false
            isReadingAhead = false
            declarationCount = count
        }
        guard let step = collect(syntax, in: tree, parentKind: .tour), withheldReports == withheld else { return }
        stepsReadAhead.append(StepReadAhead(
            summary: StepSummary(of: step), tourStart: tourStart, lastTokenTriviaStart: tree.tokens[syntax.lastToken].triviaStart,
            declarations: Int32(clamping: declarationCount)))
    }

    /// Reads a step again from its summary, collecting it without reporting anything (its
    /// diagnostics were reported when it was first read) or counting it again.
    func readAgain(_ step: StepSummary) -> DeclarationNode? {
        if stepReader?.fileID != step.fileID {
            stepReader = StepReader(files[step.fileID.index], fileID: step.fileID, at: Int(step.triviaStart))
        }
        // cannot fire: set just above.
        guard let tree = stepReader!.step(at: Int(step.triviaStart)),
              case .declaration(let syntax)? = tree.members.first else { return nil }
        let count = declarationCount
        isReadingAgain = true
        declarationCount = 0
        defer {
            isReadingAgain = false
            declarationCount = count
        }
        return collect(syntax, in: tree, parentKind: .tour)
    }

    /// Which members of a block `collectMembers` reads.
    enum MemberPart {
        case all
        /// Properties and misplaced imports: a deferred guide's first reading.
        case ownProperties
        /// Nested blocks: a deferred guide's second reading.
        case blocks
    }

    /// The did-you-mean for a block's unknown keyword: `guidea {`, with no name, reads as a
    /// keyword and its name run together (`guide a`) rather than as a typo whose fix loses the
    /// name; otherwise the closest keyword `allowed` holds.
    static func suggestion(forUnknownKeyword keyword: String, named: Bool, among allowed: [DeclarationKind]) -> Suggestion.DidYouMean? {
        if !named, let kind = allowed.first(where: { $0.takesName && keyword.hasPrefix($0.rawValue) && keyword.count > $0.rawValue.count }),
           let first = keyword.unicodeScalars.dropFirst(kind.rawValue.unicodeScalars.count).first,
           first.properties.isAlphabetic {
            return Suggestion.DidYouMean(name: kind.rawValue + " " + keyword.dropFirst(kind.rawValue.count))
        }
        return Suggestion.didYouMean(keyword, among: allowed.map(\.rawValue))
    }

    /// Builds the node for a declaration and its children; nil when the keyword is unknown or
    /// misplaced (reported, and its contents skipped to avoid a cascade).
    func collect(_ syntax: DeclarationSyntax, in tree: SyntaxTree, parentKind: DeclarationKind?) -> DeclarationNode? {
        // Built only for a message, as `place`: this runs for every block of the program.
        var allowed: [DeclarationKind] { parentKind?.children ?? DeclarationKind.topLevel }
        var place: String { parentKind.map { "'\($0.rawValue)'" } ?? "the top level" }
        guard let kind = tree.declarationKind(syntax) else {
            let keyword = tree.text(syntax.keyword)
            let notes = [allowed.isEmpty ? "\(place) holds no blocks" : "\(place) can hold " + allowed.map { "'\($0.rawValue)'" }.joined(separator: ", ")]
            // A plural (`screens { screen a { ... } }`) is a wrapper other languages write: no
            // one word fixes it, so the help says what to write instead.
            if let item = DeclarationKind.wrapped(by: keyword, among: allowed) {
                report(Diagnostic(
                    .unknownDeclaration, at: tree.range(syntax.keyword), "unknown block '\(keyword)'", notes: notes,
                    help: ["write each '\(item.rawValue)' block directly in \(place), without a '\(keyword)' block around them"]))
                return nil
            }
            report(Diagnostic(.unknownDeclaration, at: tree.range(syntax.keyword), "unknown block '\(keyword)'", notes: notes)
                .suggesting(Self.suggestion(forUnknownKeyword: keyword, named: syntax.name != nil, among: allowed),
                            replacing: tree.range(syntax.keyword)))
            return nil
        }
        guard parentKind.map({ $0.mayContain(kind) }) ?? DeclarationKind.topLevel.contains(kind) else {
            let keyword = kind.rawValue
            let homes = DeclarationKind.allCases.filter { $0.children.contains(kind) }.map { "'\($0.rawValue)'" }
            let topLevelNote = DeclarationKind.topLevel.contains(kind) && !homes.isEmpty ? ["it can also stand at the top level"] : []
            // Its keys would otherwise be reported again at each use (GL0703).
            if kind == .strings { strings.hasMisplacedTable = true }
            report(Diagnostic(
                .misplacedDeclaration, at: tree.range(syntax.keyword),
                "'\(keyword)' cannot appear \(parentKind == nil ? "at" : "in") \(place)",
                notes: (homes.isEmpty ? ["'\(keyword)' belongs at the top level of a file"]
                    : ["'\(keyword)' belongs in " + homes.joined(separator: " or ")]) + topLevelNote))
            return nil
        }
        declarationCount += 1
        if declarationCount > declarationLimit {
            if declarationCount == declarationLimit + 1 {
                report(Diagnostic(
                    .limitExceeded, at: tree.range(syntax.keyword),
                    "more than \(declarationLimit) declarations; guidec checks no further",
                    notes: ["a guide with a block past the limit is left out whole"],
                    help: ["split the program into several compilations"]))
            } else if parentKind != nil || kind != .guide {
                // A block left out breaks the guide it is in (never lowered with it missing), and one
                // outside every guide breaks them all; a top-level guide past the limit is never lowered.
                noteError(at: tree.range(syntax.keyword))
            }
            declarationsPastLimit += 1
            return nil
        }
        let node = DeclarationNode(kind: kind, syntax: syntax, tree: tree, isInRootFile: tree.fileID.index < isRootFile.count && isRootFile[tree.fileID.index])
        node.isTopLevel = parentKind == nil
        symbolRecorder?.declaration(node)
        checkHeader(node, syntax, in: tree)
        // A top-level guide's blocks are most of a large program; they are read when the guide is lowered.
        let defersBlocks = parentKind == nil && kind == .guide
        node.hasDeferredChildren = defersBlocks && syntax.members.contains { if case .declaration = $0 { true } else { false } }
        collectMembers(syntax.members, of: node, in: tree, part: defersBlocks ? .ownProperties : .all)
        if kind == .tour, !pendingSteps.isEmpty { takePendingSteps(for: node) }
        return node
    }

    func collectMembers(_ members: [Member], of node: DeclarationNode, in tree: SyntaxTree, part: MemberPart) {
        // A locale's keys by position in `node.strings`, so a duplicate is found without a search.
        var stringPositions: [String: Int] = [:]
        if part != .blocks {
            let propertyCount = members.reduce(0) { count, member in
                if case .property = member { count + 1 } else { count }
            }
            // A locale's properties are all string entries (`collectString`): its room is made
            // there, at the final size, since a strings table can be most of a program and
            // growing by doubling held up to twice its entries.
            if node.kind == .locale {
                node.strings.reserveCapacity(propertyCount)
                stringPositions.reserveCapacity(propertyCount)
            } else {
                node.properties.reserveCapacity(propertyCount)
            }
        }
        var reader = ValueReader(tree: tree, blockKind: node.kind)
        for member in members {
            switch member {
            case .importDirective(let directive):
                guard part != .blocks else { continue }
                report(Diagnostic(.misplacedImport, at: tree.range(directive.keyword), "import inside a block",
                                  notes: ["imports come first in a file, before any block"]))
            case .declaration(let childSyntax):
                guard part != .ownProperties else { continue }
                if let child = collect(childSyntax, in: tree, parentKind: node.kind) {
                    node.children.append(child)
                } else {
                    node.hasDroppedChildren = true
                }
            case .property(let property):
                guard part != .blocks else { continue }
                if node.kind == .locale {
                    collectString(property, into: node, in: tree, reader: &reader, positions: &stringPositions)
                } else {
                    collectProperty(property, into: node, in: tree, reader: &reader)
                }
            }
        }
        for diagnostic in reader.diagnostics { report(diagnostic) }
    }

    private func checkHeader(_ node: DeclarationNode, _ syntax: DeclarationSyntax, in tree: SyntaxTree) {
        let keyword = node.kind.rawValue
        if node.kind.takesName, syntax.name == nil {
            report(Diagnostic(
                .missingName, at: tree.range(syntax.keyword), "'\(keyword)' needs a name",
                help: ["write '\(keyword) NAME \(node.kind.takesSubject ? "on SCREEN " : ""){ ... }'"]))
        }
        if !node.kind.takesName, let name = syntax.name {
            report(Diagnostic(
                .unexpectedName, at: tree.range(name), "'\(keyword)' takes no name",
                fixIts: [.init(range: tree.range(name), replacement: "", message: "remove the name")]))
        }
        if let name = syntax.name, tree.tokens[name].kind == .string, node.kind != .locale {
            reportQuotedName(node.name, at: tree.range(name), what: keyword, example: "my-guide")
        }
        if let subject = syntax.subject, let screen = node.subject, tree.tokens[subject].kind == .string {
            reportQuotedName(screen.name, at: tree.range(subject), what: "screen", example: "home-screen")
        }
        if node.kind == .locale, let name = syntax.name, !LocaleTag.isWellFormed(node.name) {
            checkLocaleTag(node.name, at: tree.range(name), isQuoted: tree.tokens[name].kind == .string)
        }
        // A bare `on` (no screen after it) is reported by the parser already.
        let hasBareOn = syntax.name.map { $0 + 1 < tree.tokens.count && tree.isIdentifier($0 + 1, "on") } ?? false
        if node.kind.takesSubject, syntax.subject == nil, syntax.name != nil, !hasBareOn {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "tour '\(node.name)' needs a screen to run on",
                help: ["write 'tour \(node.name) on SCREEN { ... }'"]))
        }
        if !node.kind.takesSubject, let subject = syntax.subject {
            report(Diagnostic(
                .unexpectedName, at: tree.range(from: subject - 1, through: subject), "'\(keyword)' takes no 'on'",
                notes: ["only a tour runs 'on' a screen"],
                fixIts: [.init(range: tree.range(from: subject - 1, through: subject), replacement: "", message: "remove 'on \(tree.text(subject))'")]))
        }
    }

    private func collectProperty(_ property: PropertySyntax, into node: DeclarationNode, in tree: SyntaxTree, reader: inout ValueReader) {
        let name = tree.text(property.name)
        let nameRange = tree.range(property.name)
        guard tree.tokens[property.name].kind == .identifier, let spec = PropertySchema.spec(named: name, in: node.kind) else {
            let allowedNames = PropertySchema.names(for: node.kind)
            // Other libraries' names for a property lead to it where this block has it.
            let synonyms = KeywordSynonyms.table(for: "property").filter { allowedNames.contains($0.name) }
            let didYouMean = Suggestion.didYouMean(name, among: allowedNames, synonyms: synonyms)
            let suggestion = didYouMean?.name
            if let suggestion { node.misspelledNames.insert(suggestion) }
            var notes: [String] = []
            if suggestion == nil, let spec = PropertySchema.spec(named: name) {
                notes.append("'\(name)' is a property of " + spec.kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", "))
            }
            if suggestion == nil, DeclarationKind(rawValue: name) != nil {
                notes.append("'\(name)' is a block: write '\(name) { ... }' without ':'")
            }
            if suggestion == nil, !allowedNames.isEmpty, notes.isEmpty {
                notes.append("\(node.displayName) has the properties " + allowedNames.map { "'\($0)'" }.joined(separator: ", "))
            }
            report(Diagnostic(.unknownProperty, at: nameRange, "\(node.displayName) has no property '\(name)'", notes: notes)
                .suggesting(didYouMean, replacing: nameRange))
            return
        }
        // A step read again is only lowered, which never reads its `after` or `order`: its summary
        // holds them (`StepSummary`), so they are not read a third time.
        if isReadingAgain, !isReadingAhead, node.kind == .step, name == "after" || name == "order" { return }
        let range = tree.range(from: property.name, through: property.lastToken)
        if let first = node.properties[name] {
            report(Diagnostic(
                .duplicateProperty, at: nameRange, "'\(name)' is set twice in \(node.displayName)",
                labels: [.init(first.nameRange, "first set here")],
                fixIts: [.init(range: range, replacement: "", message: "remove this '\(name)'")]))
            return
        }
        let value = property.items.isEmpty ? nil : reader.read(property, as: spec.type)
        let valueStart = property.items.first.map { Int(tree.tokens[$0.firstToken].start) } ?? range.start
        // Not set yet: looked for above.
        node.properties.append(name, .init(value: value, nameRange: nameRange, valueStart: valueStart, end: range.end))
        // Registered before the value's own diagnostics are reported, so that an error in a lint
        // setting is known for one when it comes.
        if node.kind == .guide, node.isTopLevel, Self.lintSettingNames.contains(name) {
            lintSettingRanges.append(range)
        } else if spec.type == .lintCodes {
            // A step collected ahead registers nothing: it is collected again (`readAhead`).
            guard !isReadingAhead else {
                withheldReports += 1
                return
            }
            registerLintScopeSetting(range, of: node)
        }
        if spec.type == .lintCodes { checkLintCodes(in: node, property: name) }
    }

    private func collectString(
        _ property: PropertySyntax, into node: DeclarationNode, in tree: SyntaxTree, reader: inout ValueReader,
        positions: inout [String: Int]
    ) {
        let nameToken = tree.tokens[property.name]
        let key = nameToken.kind == .string ? tree.stringValue(property.name) : tree.text(property.name)
        let keyRange = tree.range(property.name)
        guard property.items.count == 1, property.items[0].label == nil, property.items[0].terms.count == 1,
              case .token(let index) = property.items[0].terms[0], tree.tokens[index].kind == .string
        else {
            if !property.items.isEmpty {
                report(Diagnostic(
                    .wrongValueKind, at: tree.range(from: property.items[0].firstToken, through: property.lastToken),
                    "a string entry's value must be one string",
                    help: ["write \"\(key)\": \"text\""]))
            }
            return
        }
        if let position = positions[key] {
            let first = node.strings[position]
            report(Diagnostic(
                .duplicateDeclaration, at: keyRange, "string '\(key)' is defined twice in locale '\(node.name)'",
                labels: [.init(first.keyRange, "first defined here")]))
            return
        }
        positions[key] = node.strings.count
        node.strings.append(.init(key: key, value: tree.stringValue(index), keyRange: keyRange, valueRange: tree.range(index)))
    }

    /// Reports a name written in quotes where only a locale's may be, with the fix-it that drops
    /// the quotes when what is left is a valid name.
    private func reportQuotedName(_ name: String, at range: SourceRange, what: String, example: String) {
        let fixIts: [Diagnostic.FixIt] = Self.isIdentifier(name) ? [.init(range: range, replacement: name, message: "remove the quotes")] : []
        report(Diagnostic(.wrongValueKind, at: range, "a \(what) name is written without quotes",
                          help: fixIts.isEmpty ? ["names are letters, digits, '_' and inner '-', such as \(example)"] : [],
                          fixIts: fixIts))
    }

    /// Reports a locale named by something other than a language tag, which no device's language
    /// can match, with the tag its spaces and punctuation written as `-` make, if they make one.
    private func checkLocaleTag(_ tag: String, at range: SourceRange, isQuoted: Bool) {
        let fixIts: [Diagnostic.FixIt] = LocaleTag.repaired(tag).map { repaired in
            [.init(range: range, replacement: isQuoted ? "\"\(repaired)\"" : repaired, message: "write '\(repaired)'")]
        } ?? []
        report(Diagnostic(
            .invalidLocaleTag, at: range, tag.isEmpty ? "locale name is empty" : "locale '\(tag)' is not a language tag",
            notes: ["players match a locale to the device's languages as a BCP 47 tag: a language of 2 to 8 letters, "
                + "then subtags of letters or digits after '-', such as 'en', 'pt-BR' or 'zh-Hans'"],
            fixIts: fixIts))
    }

    /// Whether `text` lexes as one identifier.
    static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, Lexer.isIdentifierStart(first), bytes.last != UInt8(ascii: "-") else { return false }
        for (index, byte) in bytes.enumerated() where !Lexer.isIdentifierContinue(byte) {
            guard byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "-") else { return false }
        }
        return true
    }
}
