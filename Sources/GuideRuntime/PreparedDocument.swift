import GuideIR

/// A document prepared for the decision function, built once per loaded document and kept by
/// the app beside it: the guides' rules by index (show key, event, parameter and screen slots,
/// `after` and groups resolved to guide indices, conditions compiled), so that
/// `Eligibility.decide` reads the stored state once per decision and then works on numbers,
/// with no index of names built and no guide copied.
///
/// ```swift
/// let prepared = PreparedDocument(document)     // once, after GuideLoader.load
/// let decision = Eligibility.decide(prepared, state: state, place: place, now: now)
/// ```
public struct PreparedDocument: Sendable {
    /// The document it was prepared from (`document.guides[choice.index]` is the guide to play).
    public let document: GuideDocument

    /// One guide's show rule in slots and ranges: plain numbers, so reading it copies no array.
    struct Guide: Sendable {
        /// Its show key's slot in `keys`.
        var key: Int
        var version: Int
        var maxCount: Int?
        var delay: Double
        var maxDuration: Double?
        var ignoresFrequency: Bool
        /// Its `invalidatedBy` events, a range of `invalidatingEvents`.
        var invalidatedBy: Range<Int>
        /// Its `after` list, a range of `afterReferences`.
        var after: Range<Int>
        /// Its condition, a range of `conditions`; nil for none.
        var condition: Range<Int>?
        /// The screen its first tour runs on (a slot of `screens`), or nil for a guide shown at
        /// launch (one with pages, or without tours).
        var screen: Int?
        /// Its tours, a range of `tourIDs` and `tourScreens` (for resuming a run on its tour's screen).
        var tours: Range<Int>
    }

    /// A group with its members as guide indices.
    struct Group: Sendable {
        var id: String
        var isOrdered: Bool
        /// A range of `groupMembers`.
        var members: Range<Int>
    }

    /// The guides' ids, in document order.
    let ids: [String]
    /// The guides' rules, in document order.
    let guides: [Guide]
    /// The index of the first guide with each id (the one `after` and groups name).
    let firstIndex: [String: Int]
    /// For each guide, the next guide with the same id (a document the reader accepted has
    /// none), so a record found by id reaches every guide it belongs to.
    let nextWithSameID: [Int?]
    /// The show keys, once each, and their slots.
    let keys: [String]
    let keySlots: [String: Int]
    /// The event names conditions and `invalidatedBy` use, once each.
    let events: [String]
    /// The parameters conditions compare, once each (the last declaration of an id, as the
    /// checker's and reader's refusal of duplicates makes moot).
    let parameters: [IRParameter]
    /// The screens tours run on, once each, and their slots.
    let screens: [String]
    let screenSlots: [String: Int]
    /// Every guide's `after` entries: a guide index (the first with that id), or for an id no
    /// guide has, `-1 - k` for `outsideIDs[k]` (whose record alone says whether it finished).
    let afterReferences: [Int]
    let outsideIDs: [String]
    /// Every guide's `invalidatedBy` events, as slots of `events`.
    let invalidatingEvents: [Int]
    /// Every guide's condition program, and the values its parameters are compared with.
    let conditions: [PreparedCondition.Instruction]
    let constants: [IRValue]
    /// Every guide's tours: their ids and their screens' slots.
    let tourIDs: [String]
    let tourScreens: [Int]
    /// The groups, in document order, and their members.
    let groups: [Group]
    let groupMembers: [Int]
    /// The seconds the program's frequency holds a new guide back (0 for none).
    let period: Double

    /// Prepares `document`: linear in its size, a one-off cost the app pays when it loads it.
    public init(_ document: GuideDocument) {
        self.document = document
        var firstIndex = [String: Int](minimumCapacity: document.guides.count)
        var lastWithID = [String: Int](minimumCapacity: document.guides.count)
        var nextWithSameID = [Int?](repeating: nil, count: document.guides.count)
        for (index, guide) in document.guides.enumerated() {
            if let previous = lastWithID[guide.id] { nextWithSameID[previous] = index }
            lastWithID[guide.id] = index
            if firstIndex[guide.id] == nil { firstIndex[guide.id] = index }
        }
        var declared = [String: IRParameter](minimumCapacity: document.rules.parameters.count)
        for parameter in document.rules.parameters { declared[parameter.id] = parameter }

        var keys: [String] = [], keySlots: [String: Int] = [:]
        var events: [String] = [], eventSlots: [String: Int] = [:]
        var parameters: [IRParameter] = [], parameterSlots: [String: Int] = [:]
        var screens: [String] = [], screenSlots: [String: Int] = [:]
        var outsideIDs: [String] = [], outsideSlots: [String: Int] = [:]
        // The slot of `name` in `list`, appending it the first time.
        func intern(_ name: String, _ list: inout [String], _ slots: inout [String: Int]) -> Int {
            if let slot = slots[name] { return slot }
            list.append(name)
            slots[name] = list.count - 1
            return list.count - 1
        }
        func event(_ name: String) -> Int { intern(name, &events, &eventSlots) }
        func parameter(_ id: String) -> Int? {
            guard let parameter = declared[id] else { return nil }
            if let slot = parameterSlots[id] { return slot }
            parameters.append(parameter)
            parameterSlots[id] = parameters.count - 1
            return parameters.count - 1
        }

        var guides: [Guide] = [], ids: [String] = []
        var afterReferences: [Int] = [], invalidatingEvents: [Int] = [], tourIDs: [String] = [], tourScreens: [Int] = []
        var conditions: [PreparedCondition.Instruction] = [], constants: [IRValue] = []
        guides.reserveCapacity(document.guides.count)
        ids.reserveCapacity(document.guides.count)
        for guide in document.guides {
            let show = guide.show
            let invalidatedStart = invalidatingEvents.count
            invalidatingEvents += show.invalidatedBy.map(event)
            let afterStart = afterReferences.count
            for id in show.after {
                afterReferences.append(firstIndex[id] ?? -1 - intern(id, &outsideIDs, &outsideSlots))
            }
            var condition: Range<Int>?
            if let rule = show.condition {
                let start = conditions.count
                PreparedCondition.compile(rule, into: &conditions, constants: &constants, event: event, parameter: parameter)
                condition = start..<conditions.count
            }
            let toursStart = tourIDs.count
            for tour in guide.tours {
                tourIDs.append(tour.id)
                tourScreens.append(intern(tour.screen, &screens, &screenSlots))
            }
            let showsAtLaunch = guide.pages.map { !$0.pages.isEmpty } == true || guide.tours.isEmpty
            ids.append(guide.id)
            guides.append(Guide(key: intern(show.key, &keys, &keySlots), version: show.version, maxCount: show.maxCount,
                                delay: show.delay, maxDuration: show.maxDuration, ignoresFrequency: show.ignoresFrequency,
                                invalidatedBy: invalidatedStart..<invalidatingEvents.count,
                                after: afterStart..<afterReferences.count, condition: condition,
                                screen: showsAtLaunch ? nil : tourScreens[toursStart],
                                tours: toursStart..<tourIDs.count))
        }
        var groups: [Group] = [], groupMembers: [Int] = []
        for group in document.rules.groups {
            let start = groupMembers.count
            groupMembers += group.guides.compactMap { firstIndex[$0] }
            groups.append(Group(id: group.id, isOrdered: group.order == "ordered", members: start..<groupMembers.count))
        }

        self.ids = ids
        self.guides = guides
        self.firstIndex = firstIndex
        self.nextWithSameID = nextWithSameID
        self.keys = keys
        self.keySlots = keySlots
        self.events = events
        self.parameters = parameters
        self.screens = screens
        self.screenSlots = screenSlots
        self.afterReferences = afterReferences
        self.outsideIDs = outsideIDs
        self.invalidatingEvents = invalidatingEvents
        self.conditions = conditions
        self.constants = constants
        self.tourIDs = tourIDs
        self.tourScreens = tourScreens
        self.groups = groups
        self.groupMembers = groupMembers
        self.period = Eligibility.period(of: document.rules.frequency)
    }
}
