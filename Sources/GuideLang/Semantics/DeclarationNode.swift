import GuideIR

/// A declaration after collection: its kind, name, checked properties and children.
final class DeclarationNode {
    /// A property as written, with its value when the value was valid. Kept compact (offsets,
    /// not ranges) because a large program has one per property written.
    struct PropertyEntry {
        var value: PropertyValue?
        let fileID: FileID
        private let nameStart: UInt32
        private let nameEnd: UInt32
        private let valueStart: UInt32
        private let end: UInt32

        init(value: PropertyValue?, nameRange: SourceRange, valueStart: Int, end: Int) {
            self.value = value
            fileID = nameRange.fileID
            // Offsets come from tokens, which are 32-bit already.
            nameStart = UInt32(truncatingIfNeeded: nameRange.start)
            nameEnd = UInt32(truncatingIfNeeded: nameRange.end)
            self.valueStart = UInt32(truncatingIfNeeded: valueStart)
            self.end = UInt32(truncatingIfNeeded: end)
        }

        /// The property's name.
        var nameRange: SourceRange { SourceRange(fileID: fileID, start: Int(nameStart), end: Int(nameEnd)) }
        /// The whole property, name to last token.
        var range: SourceRange { SourceRange(fileID: fileID, start: Int(nameStart), end: Int(end)) }
        /// The value alone (after the colon), for references and fix-its that replace it.
        var valueRange: SourceRange { SourceRange(fileID: fileID, start: Int(valueStart), end: Int(end)) }
    }

    /// A block's properties by name, in source order. A block holds only the few properties its
    /// schema allows, each once, so a short array searched in order beats a hash table, which
    /// cost a large program a third of its memory.
    ///
    /// Most lookups are of a property the block does not set (a step asks for some thirty), so a
    /// bit per name held (`mask`) answers those without comparing strings. Names are ASCII (the
    /// schema's, read from identifier tokens), so equal names have equal lengths and bytes.
    struct PropertyList {
        private var names: [String] = []
        private var entries: [PropertyEntry] = []
        /// The `bit` of every name held.
        private var mask: UInt64 = 0

        /// Makes room for `count` properties.
        mutating func reserveCapacity(_ count: Int) {
            names.reserveCapacity(count)
            entries.reserveCapacity(count)
        }

        /// A name's bit of `mask`, from its length and last byte (names share their first bytes
        /// more often: `gap`, `gap-from`, `gap-to`).
        private static func bit(_ name: String) -> UInt64 {
            func bit(count: Int, last: UInt8?) -> UInt64 { 1 &<< ((UInt64(count) &* 7 &+ UInt64(last ?? 0)) & 63) }
            // The bytes in place: `utf8.last` walks back through a string index, which cost more
            // than the search this bit saves (half a million lookups a megabyte).
            return name.utf8.withContiguousStorageIfAvailable { bit(count: $0.count, last: $0.last) }
                ?? bit(count: name.utf8.count, last: name.utf8.last)
        }

        private func index(of name: String) -> Int? {
            guard mask & Self.bit(name) != 0 else { return nil }
            return names.firstIndex(of: name)
        }

        /// A name's bit, worked out once for a search of several lists (`entry(_:bit:)`).
        static func bit(of name: String) -> UInt64 { bit(name) }

        /// Whether a property whose name satisfies `predicate` is set: a scan of the few names
        /// held, for a question about several names at once.
        func containsName(where predicate: (String) -> Bool) -> Bool { names.contains(where: predicate) }

        /// The entry of a property whose `bit(of:)` is `bit`, or nil when it is not set.
        func entry(_ name: String, bit: UInt64) -> PropertyEntry? {
            guard mask & bit != 0, let index = names.firstIndex(of: name) else { return nil }
            return entries[index]
        }

        /// Adds a property not set yet (the checker has just looked for it), without the
        /// setter's search and copies of optional entries.
        mutating func append(_ name: String, _ entry: PropertyEntry) {
            names.append(name)
            entries.append(entry)
            mask |= Self.bit(name)
        }

        /// The entry of a property, or nil when it is not set; setting adds or replaces it.
        subscript(name: String) -> PropertyEntry? {
            get { index(of: name).map { entries[$0] } }
            set {
                if let index = index(of: name) {
                    if let newValue { entries[index] = newValue } else {
                        names.remove(at: index)
                        entries.remove(at: index)
                        mask = names.reduce(0) { $0 | Self.bit($1) }
                    }
                } else if let newValue {
                    names.append(name)
                    entries.append(newValue)
                    mask |= Self.bit(name)
                }
            }
        }

        /// The properties in the order they were set (source order).
        var inOrder: [(name: String, entry: PropertyEntry)] { Array(zip(names, entries)) }
    }

    /// One `key: "text"` entry of a `locale` block. Kept compact (offsets, not ranges), as
    /// `PropertyEntry` is: the strings table can be most of a program, and its entries are all
    /// held at once while it is collected.
    struct StringEntry {
        var key: String
        var value: String
        let fileID: FileID
        private let keyStart: UInt32
        private let keyEnd: UInt32
        private let valueStart: UInt32
        private let valueEnd: UInt32

        init(key: String, value: String, keyRange: SourceRange, valueRange: SourceRange) {
            self.key = key
            self.value = value
            fileID = keyRange.fileID
            // Offsets come from tokens, which are 32-bit already.
            keyStart = UInt32(truncatingIfNeeded: keyRange.start)
            keyEnd = UInt32(truncatingIfNeeded: keyRange.end)
            valueStart = UInt32(truncatingIfNeeded: valueRange.start)
            valueEnd = UInt32(truncatingIfNeeded: valueRange.end)
        }

        /// The key's token.
        var keyRange: SourceRange { SourceRange(fileID: fileID, start: Int(keyStart), end: Int(keyEnd)) }
        /// The value's string token, where a translation's markup mistakes are shown.
        var valueRange: SourceRange { SourceRange(fileID: fileID, start: Int(valueStart), end: Int(valueEnd)) }
    }

    /// Tells declarations apart for as long as a compilation runs, even once a node is released
    /// (a guide's blocks go once it is lowered, and a new node may reuse a released one's
    /// address, so `ObjectIdentifier` is not safe as a key that outlives its node).
    struct Identity: Hashable {
        let file: Int32
        let offset: UInt32
    }

    let kind: DeclarationKind
    /// The file the declaration is written in.
    let fileID: FileID
    /// The declaration's name, or its keyword when it takes none.
    let name: String
    /// The name's range, or the keyword's.
    let nameRange: SourceRange
    /// Whether a name is written (a block that takes one may lack it, already reported).
    let hasName: Bool
    /// The `on` subject of a tour.
    let subject: Reference?
    /// The range of the declaration's header (`keyword name on subject`).
    let headerRange: SourceRange
    /// Where the declaration's keyword starts and its last token ends.
    let start: UInt32
    let end: UInt32
    /// Where the declaration's leading trivia starts: a top-level block can be read again from
    /// there with `SyntaxStream`.
    let triviaStart: UInt32
    /// Whether the declaration is in a file named on the command line (not only imported).
    let isInRootFile: Bool
    // The mutable state below belongs to the one checker that made the node, on one thread, and
    // its accesses are short (a read or one mutating call that does not reach another node's
    // state through this one): the runtime's check of each access for an overlapping one
    // (`swift_beginAccess`, some 70 instructions, half a million accesses a megabyte) is left out.
    @exclusivity(unchecked) var properties = PropertyList()
    @exclusivity(unchecked) var children: [DeclarationNode] = []
    @exclusivity(unchecked) var strings: [StringEntry] = []
    /// A tour's steps when they were too many to keep as nodes (`Checker.stepStreamingSize`):
    /// what ordering needs of each, in source order; each step is read again when lowered.
    @exclusivity(unchecked) var stepSummaries: [StepSummary] = []
    /// The steps of a huge top-level guide that its first reading collected for the second to
    /// pass over (see `StepReadAhead`), until the second reading.
    @exclusivity(unchecked) var stepsReadAhead: [StepReadAhead] = []
    /// Set when something refers to the declaration, for unused warnings.
    @exclusivity(unchecked) var isUsed = false
    /// Whether the child blocks are still to be read: a top-level guide's children are collected
    /// only when the guide is lowered, and released after it, so a large program never holds the
    /// blocks of all its guides at once.
    @exclusivity(unchecked) var hasDeferredChildren = false

    init(kind: DeclarationKind, syntax: DeclarationSyntax, tree: SyntaxTree, isInRootFile: Bool) {
        self.kind = kind
        self.isInRootFile = isInRootFile
        fileID = tree.fileID
        if let name = syntax.name {
            let token = tree.tokens[name]
            if token.kind == .string {
                self.name = tree.stringValue(name)
            } else {
                self.name = tree.text(name)
            }
            nameRange = tree.range(name)
        } else {
            self.name = tree.text(syntax.keyword)
            nameRange = tree.range(syntax.keyword)
        }
        hasName = syntax.name != nil
        lacksBody = syntax.lacksBody
        hasDroppedChildren = syntax.lacksBody
        // A quoted screen name (reported in the header's check) still names its screen.
        subject = syntax.subject.map {
            Reference(name: tree.tokens[$0].kind == .string ? tree.stringValue($0) : tree.text($0), range: tree.range($0))
        }
        headerRange = tree.range(from: syntax.keyword, through: syntax.subject ?? syntax.name ?? syntax.keyword)
        let keyword = tree.tokens[syntax.keyword]
        start = keyword.start
        triviaStart = keyword.triviaStart
        end = tree.tokens[max(syntax.keyword, syntax.lastToken)].end
    }

    /// The node's identity: its file and where its keyword starts.
    var identity: Identity { Identity(file: Int32(truncatingIfNeeded: fileID.index), offset: start) }

    /// The children of one kind, in order.
    func children(_ kind: DeclarationKind) -> [DeclarationNode] { children.filter { $0.kind == kind } }

    /// A property's value, if set and valid.
    func value(_ name: String) -> PropertyValue? { properties[name]?.value }

    /// Whether a property is written at all (valid or not), or written misspelt: a misspelling
    /// is reported once as an unknown property, not again as a missing one; a block without its
    /// contents (`lacksBody`) may have held any.
    func has(_ name: String) -> Bool { lacksBody || properties[name] != nil || misspelledNames.contains(name) }

    /// Whether the block's header stands without contents after a syntax error (already
    /// reported): it may have held anything, so nothing is reported missing from it.
    @exclusivity(unchecked) private(set) var lacksBody = false

    /// Property names that an unknown property of this block was taken to be a misspelling of.
    @exclusivity(unchecked) var misspelledNames: Set<String> = []

    /// How the declaration is named in messages: "step 'login'".
    var displayName: String {
        kind.takesName && hasName ? "\(kind.rawValue) '\(name)'" : "'\(kind.rawValue)' block"
    }

    /// Whether a child block was dropped as unknown or misplaced (already reported): the
    /// block may then look empty without being so.
    @exclusivity(unchecked) var hasDroppedChildren = false

    /// Whether the declaration stands at the top level of its file.
    @exclusivity(unchecked) var isTopLevel = false
}
