import GuideIR
import GuideLang
import GuideLayout
import GuideRuntime

/// Reads a scenario of `guidec simulate` (docs/simulate.md) through GuideIR's JSON parser, with
/// where each value is written, and checks it against the program it plays: every mistake is a
/// diagnostic at its line and column (GL1301 to GL1305), with the closest name where one was
/// misspelt, and a scenario with an error is not played.
public enum ScenarioReader {
    /// The kinds of step, as a step's one key (or, for `launch` and `reinstall`, the step itself) names them.
    public static let stepKinds = [
        "launch", "reinstall", "screen", "show", "advance-clock", "set", "event", "tap", "swipe", "action", "frames", "target-missing",
        "rotate", "device", "text-size", "expect",
    ]
    /// The keys of the scenario object.
    public static let scenarioKeys = ["clock", "device", "orientation", "text-size", "steps"]
    /// The keys of an `expect` step.
    public static let expectationKeys = ["showing", "at", "not-shown"]
    /// What a `tap` names: the controls and the regions of a step.
    public static let tapChoices = ["next", "back", "skip", "close", "done", "overlay", "target", "tip"]
    /// The reason categories `not-shown` may expect (`NotShownReason.category`).
    public static let reasonCategories = ["invalidated", "rule", "after", "group", "screen", "frequency", "delay", "another"]
    /// The device a scenario runs on unless it names one.
    public static let defaultDevice = "iphone-17-pro"

    /// The scenario in `bytes` (file `file` of the run), checked against `document`; nil when it
    /// has an error, with the diagnostics either way.
    public static func read(_ bytes: [UInt8], file: FileID, document: GuideDocument) -> (scenario: Scenario?, diagnostics: [Diagnostic]) {
        var reading = Reading(file: file, document: document)
        // A byte order mark is accepted, as in a guide: blanked, so every offset stays the file's.
        switch JSONParser.parseLocated(ByteOrderMark.blanked(bytes)) {
        case .failure(let failure):
            let end = min(failure.offset + 1, bytes.count)
            reading.report(Diagnostic(.invalidScenarioJSON, at: SourceRange(fileID: file, start: min(failure.offset, end), end: end),
                                      "the scenario is not JSON: \(failure.reason)"))
            return (nil, reading.diagnostics)
        case .success(let root):
            let scenario = reading.scenario(root)
            // Warnings (an event no guide names) leave the scenario playable.
            return (reading.diagnostics.contains { $0.severity == .error } ? nil : scenario, reading.diagnostics)
        }
    }

    /// Reads a duration: seconds as a number, or numbers with units largest first (`"1h30m"`,
    /// `"3d"`, `"2.5s"`; `w`, `d`, `h`, `m`, `s`); nil for anything else or a negative number.
    public static func duration(_ text: String) -> Double? {
        let units: [(UInt8, Double)] = [(UInt8(ascii: "w"), 604_800), (UInt8(ascii: "d"), 86_400), (UInt8(ascii: "h"), 3600),
                                         (UInt8(ascii: "m"), 60), (UInt8(ascii: "s"), 1)]
        let bytes = Array(text.utf8)
        var index = 0
        var total = 0.0
        var nextUnit = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) || bytes[index] == UInt8(ascii: ".") {
                index += 1
            }
            guard index > start, index < bytes.count, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                  let unit = units[nextUnit...].firstIndex(where: { $0.0 == bytes[index] })
            else { return nil }
            total += number * units[unit].1
            nextUnit = unit + 1
            index += 1
        }
        return bytes.isEmpty || !(total <= Reading.largestNumber) ? nil : total
    }
}

/// One reading of a scenario: the diagnostics so far and the names the document has.
private struct Reading {
    let file: FileID
    let document: GuideDocument
    var diagnostics: [Diagnostic] = []
    let screens: [String]
    let targets: [String]
    let parameters: [String: IRParameterType]
    let parameterIDs: [String]
    let actions: [String]
    let guides: [String]
    let places: [String]
    /// The events the program names: in conditions, `invalidated-by` and `advance: event(...)`,
    /// in the order first written (for suggestions), and as a set (for lookups).
    let events: [String]
    let eventNames: Set<String>

    init(file: FileID, document: GuideDocument) {
        self.file = file
        self.document = document
        var screens: [String] = []
        var targets: [String] = []
        var actions: [String] = []
        var places: [String] = []
        var events: [String] = []
        for guide in document.guides {
            events += guide.show.invalidatedBy
            var conditions = guide.show.condition.map { [$0] } ?? []
            // Iterative, as conditions nest as deep as the source does.
            while let condition = conditions.popLast() {
                switch condition {
                case .all(let parts), .any(let parts): conditions += parts
                case .not(let part): conditions.append(part)
                case .event(let event): events.append(event.event)
                case .parameter: break
                }
            }
            screens += guide.screens.map(\.id) + guide.tours.map(\.screen)
            targets += guide.screens.flatMap { $0.targets.map(\.id) }
            places += (guide.pages?.pages ?? []).map(\.id)
            for tour in guide.tours {
                places += tour.steps.map(\.id)
                actions += tour.steps.flatMap { $0.actions.map(\.id) }
                for step in tour.steps {
                    for case .event(let name, _, _) in step.advance { events.append(name) }
                }
            }
        }
        // Unique, in the order first written, so that suggestions are deterministic.
        func unique(_ names: [String]) -> [String] {
            var seen: Set<String> = []
            return names.filter { seen.insert($0).inserted }
        }
        self.screens = unique(screens)
        self.targets = unique(targets)
        self.actions = unique(actions)
        self.places = unique(places)
        self.events = unique(events)
        eventNames = Set(events)
        guides = document.guides.map(\.id)
        parameterIDs = document.rules.parameters.map(\.id)
        var parameters: [String: IRParameterType] = [:]
        for parameter in document.rules.parameters where parameters[parameter.id] == nil { parameters[parameter.id] = parameter.type }
        self.parameters = parameters
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    func range(_ bytes: Range<Int>) -> SourceRange { SourceRange(fileID: file, start: bytes.lowerBound, end: bytes.upperBound) }

    /// Reports a value of the wrong kind: `key` takes `expected`.
    mutating func wrongValue(_ value: LocatedJSON, _ key: String, takes expected: String) {
        report(Diagnostic(.invalidScenarioValue, at: range(value.range), "\(Self.quoted(key)) takes \(expected), not \(Self.describe(value.value))"))
    }

    /// A string among `choices`, or nil after reporting GL1303 with the closest choice.
    mutating func choice(_ value: LocatedJSON, _ key: String, among choices: [String]) -> String? {
        guard let text = value.value.stringValue else {
            wrongValue(value, key, takes: "one of " + Self.list(choices))
            return nil
        }
        if choices.contains(text) { return text }
        report(Diagnostic(.invalidScenarioValue, at: range(value.range), "\(Self.quoted(key)) takes one of \(Self.list(choices)), not \(Self.quoted(text))")
            .suggesting(Suggestion.didYouMean(text, among: choices), replacing: range(value.range), with: nil).quoted())
        return nil
    }

    /// A name the document has, or nil after reporting GL1304 (or GL1303 for a value that is not a string).
    mutating func reference(_ value: LocatedJSON, _ key: String, kind: String, among names: [String]) -> String? {
        guard let text = value.value.stringValue else {
            wrongValue(value, key, takes: "the id of \(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind)")
            return nil
        }
        if names.contains(text) { return text }
        let message = kind == "device" ? "there is no device \(Self.quoted(text)) ('guidec devices' lists them)"
            : names.isEmpty ? "the program has no \(kind) \(Self.quoted(text)) (it has none)" : "the program has no \(kind) \(Self.quoted(text))"
        report(Diagnostic(.unknownScenarioReference, at: range(value.range), message)
            .suggesting(Suggestion.didYouMean(text, among: names), replacing: range(value.range), with: nil).quoted())
        return nil
    }

    /// Reports a key that is not one of `keys`.
    mutating func unknownKey(_ member: LocatedJSON.Member, in what: String, keys: [String]) {
        report(Diagnostic(.unknownScenarioKey, at: range(member.keyRange), "unknown \(what) \(Self.quoted(member.key))",
                          notes: ["\(what == "step kind" ? "a step is" : "the keys are") \(Self.list(keys))"])
            .suggesting(Suggestion.didYouMean(member.key, among: keys), replacing: range(member.keyRange), with: nil).quoted())
    }

    /// Reports every key written twice in one object, anywhere in the scenario: a JSON reader
    /// keeps one of the two and silently loses the other.
    mutating func rejectRepeatedKeys(in root: LocatedJSON) {
        var repeated: [LocatedJSON.Member] = []
        var stack = [root]
        while let node = stack.popLast() {
            var seen: Set<String> = []
            for member in node.members {
                if !seen.insert(member.key).inserted { repeated.append(member) }
                stack.append(member.value)
            }
            stack.append(contentsOf: node.elements)
        }
        // In the order they are written, as every other diagnostic of a reading is.
        for member in repeated.sorted(by: { $0.keyRange.lowerBound < $1.keyRange.lowerBound }) {
            report(Diagnostic(.unknownScenarioKey, at: range(member.keyRange), "\(Self.quoted(member.key)) is given twice in one object",
                              help: ["keep one of them: a second value does not add to the first, it replaces it"]))
        }
    }

    mutating func scenario(_ root: LocatedJSON) -> Scenario? {
        rejectRepeatedKeys(in: root)
        var scenario = Scenario(device: DeviceCatalog.device(id: ScenarioReader.defaultDevice) ?? DeviceCatalog.presets[0])
        guard case .object = root.value else {
            wrongValue(root, "a scenario", takes: "an object with 'steps'")
            return nil
        }
        var sawSteps = false
        for member in root.members {
            let value = member.value
            switch member.key {
            case "clock":
                // Not before 0: the clock is shown as days since its start, and a negative one
                // would count down towards day 0 as time passed.
                if let number = Self.number(value.value), number.isFinite, number >= 0 {
                    scenario.clock = number
                } else {
                    wrongValue(value, "clock", takes: "a number of seconds, 0 or more")
                }
            case "device":
                if let id = reference(value, "device", kind: "device", among: DeviceCatalog.identifiers), let device = DeviceCatalog.device(id: id) {
                    scenario.device = device
                }
            case "orientation":
                if let orientation = choice(value, "orientation", among: Orientation.allCases.map(\.rawValue)).flatMap(Orientation.init(rawValue:)) {
                    scenario.orientation = orientation
                }
            case "text-size":
                if let size = textSize(value) { scenario.textSize = size }
            case "steps":
                sawSteps = true
                guard case .array = value.value else {
                    wrongValue(value, "steps", takes: "an array of steps")
                    continue
                }
                scenario.steps = value.elements.compactMap { step($0) }
            default:
                unknownKey(member, in: "scenario key", keys: ScenarioReader.scenarioKeys)
            }
        }
        // Each clock value is within `largestNumber`, and so must their sum be: past it the
        // clock could not be shown or kept to the second.
        var clock = scenario.clock
        for step in scenario.steps {
            guard case .advanceClock(let seconds) = step.action else { continue }
            clock += seconds
            if !(clock <= Reading.largestNumber) {
                report(Diagnostic(.invalidScenarioDuration, at: step.range,
                                  "the clock would pass 10^15 seconds here",
                                  notes: ["the start clock and every 'advance-clock' before it add up to more than a simulated clock keeps"]))
                break
            }
        }
        if !sawSteps {
            report(Diagnostic(.invalidScenarioValue, at: range(root.range.lowerBound..<min(root.range.lowerBound + 1, root.range.upperBound)),
                              "the scenario has no 'steps'", help: ["add \"steps\": [\"launch\"] and the steps that follow"]))
        }
        return scenario
    }

    mutating func textSize(_ value: LocatedJSON) -> ContentSizeCategory? {
        if let text = value.value.stringValue, let size = ContentSizeCategory.named(text) { return size }
        _ = choice(value, "text-size", among: ContentSizeCategory.allCases.map(\.rawValue))
        return nil
    }

    mutating func step(_ element: LocatedJSON) -> Scenario.Step? {
        let text = SimulationLine.compact(element.value)
        func make(_ action: Scenario.Action) -> Scenario.Step { Scenario.Step(action: action, text: text, range: range(element.range)) }
        if let word = element.value.stringValue {
            if word == "launch" { return make(.launch) }
            if word == "reinstall" { return make(.reinstall) }
            if ScenarioReader.stepKinds.contains(word) {
                report(Diagnostic(.invalidScenarioValue, at: range(element.range), "the step \(Self.quoted(word)) takes a value",
                                  help: ["write it as {\"\(word)\": VALUE}"]))
                return nil
            }
            report(Diagnostic(.unknownScenarioKey, at: range(element.range), "unknown step kind \(Self.quoted(word))",
                              notes: ["a step is " + Self.list(ScenarioReader.stepKinds)])
                .suggesting(Suggestion.didYouMean(word, among: ScenarioReader.stepKinds), replacing: range(element.range), with: nil).quoted())
            return nil
        }
        guard case .object = element.value, element.members.count == 1, let member = element.members.first else {
            let found = element.members.count > 1 ? "an object with \(element.members.count) keys" : Self.describe(element.value)
            report(Diagnostic(.invalidScenarioValue, at: range(element.range),
                              "a step is 'launch', 'reinstall' or an object with one key, its kind, not \(found)",
                              help: element.members.count > 1 ? ["write each as a step of its own"] : []))
            return nil
        }
        let value = member.value
        switch member.key {
        case "launch":
            guard value.value == .null || value.value == .object([]) else {
                wrongValue(value, "launch", takes: "null or {}")
                return nil
            }
            return make(.launch)
        case "reinstall":
            guard value.value == .null || value.value == .object([]) else {
                wrongValue(value, "reinstall", takes: "null or {}")
                return nil
            }
            return make(.reinstall)
        case "screen":
            return reference(value, "screen", kind: "screen", among: screens).map { make(.screen($0)) }
        case "show":
            return reference(value, "show", kind: "guide", among: guides).flatMap { id in guides.firstIndex(of: id) }.map { make(.show($0)) }
        case "advance-clock":
            if let seconds = Self.number(value.value) {
                guard seconds >= 0, seconds.isFinite else {
                    report(Diagnostic(.invalidScenarioDuration, at: range(value.range), "a clock never goes back: \(NumberText.text(seconds)) is not a duration"))
                    return nil
                }
                return make(.advanceClock(seconds))
            }
            guard let text = value.value.stringValue else {
                wrongValue(value, "advance-clock", takes: "a duration (seconds, or a text such as \"3d\" or \"1h30m\")")
                return nil
            }
            guard let seconds = ScenarioReader.duration(text) else {
                report(Diagnostic(.invalidScenarioDuration, at: range(value.range), "\(Self.quoted(text)) is not a duration",
                                  help: ["write numbers with units, largest first: w, d, h, m, s (\"3d\", \"1h30m\", \"2.5s\"), or seconds as a number"]))
                return nil
            }
            return make(.advanceClock(seconds))
        case "set":
            guard case .object = value.value else {
                wrongValue(value, "set", takes: "an object of parameter values")
                return nil
            }
            var values: [(id: String, value: IRValue)] = []
            var failed = false
            for entry in value.members {
                guard let type = parameters[entry.key] else {
                    report(Diagnostic(.unknownScenarioReference, at: range(entry.keyRange), "the program has no parameter \(Self.quoted(entry.key))")
                        .suggesting(Suggestion.didYouMean(entry.key, among: parameterIDs), replacing: range(entry.keyRange), with: nil).quoted())
                    failed = true
                    continue
                }
                let read: IRValue? = switch (type, entry.value.value) {
                case (.bool, .bool(let flag)): .bool(flag)
                case (.number, .number):  Self.number(entry.value.value).map(IRValue.number)
                case (.string, .string(let text)): .string(text)
                default: nil
                }
                guard let read else {
                    report(Diagnostic(.invalidScenarioValue, at: range(entry.value.range),
                                      "the parameter \(Self.quoted(entry.key)) is a \(type.rawValue), not \(Self.describe(entry.value.value))"))
                    failed = true
                    continue
                }
                values.append((entry.key, read))
            }
            return failed ? nil : make(.set(values))
        case "event":
            guard let name = value.value.stringValue, !name.isEmpty else {
                wrongValue(value, "event", takes: "an event's name")
                return nil
            }
            if !eventNames.contains(name) {
                report(Diagnostic(.unknownScenarioEvent, at: range(value.range), "no guide of the program names the event \(Self.quoted(name))",
                                  notes: ["recording it changes nothing the scenario can see"])
                    .suggesting(Suggestion.didYouMean(name, among: events), replacing: range(value.range), with: nil).quoted())
            }
            return make(.event(name))
        case "tap":
            if case .object = value.value, value.members.count == 1, let action = value.members.first, action.key == "action" {
                return reference(action.value, "action", kind: "action", among: actions).map { make(.tap(.action($0))) }
            }
            guard let tap = choice(value, "tap", among: ScenarioReader.tapChoices) else { return nil }
            let input: PlayerInput = switch tap {
            case "next": .next
            case "back": .back
            case "skip": .skip
            case "close": .close
            case "done": .done
            case "overlay": .tap(.overlay)
            case "target": .tap(.target)
            default: .tap(.tip)
            }
            return make(.tap(input))
        case "swipe":
            return choice(value, "swipe", among: ["forward", "back"]).map { make(.tap(.swipe(forward: $0 == "forward"))) }
        case "action":
            return reference(value, "action", kind: "action", among: actions).map { make(.tap(.action($0))) }
        case "frames":
            guard case .object = value.value else {
                wrongValue(value, "frames", takes: "an object of target frames, [x, y, width, height] each")
                return nil
            }
            var frames: [(target: String, frame: Rect?)] = []
            var failed = false
            for entry in value.members {
                guard targets.contains(entry.key) else {
                    report(Diagnostic(.unknownScenarioReference, at: range(entry.keyRange), "the program has no target \(Self.quoted(entry.key))")
                        .suggesting(Suggestion.didYouMean(entry.key, among: targets), replacing: range(entry.keyRange), with: nil).quoted())
                    failed = true
                    continue
                }
                if entry.value.value == .null {
                    frames.append((entry.key, nil))
                    continue
                }
                switch MeasuredFrames.frame(entry.value.value) {
                case .success(let frame):
                    frames.append((entry.key, frame))
                case .failure(let problem):
                    report(Diagnostic(.invalidScenarioValue, at: range(entry.value.range),
                                      "\(Self.quoted(entry.key)) takes a frame [x, y, width, height] in points or null; \(problem.description)"))
                    failed = true
                }
            }
            return failed ? nil : make(.frames(frames))
        case "target-missing":
            return reference(value, "target-missing", kind: "target", among: targets).map { make(.targetMissing($0)) }
        case "rotate":
            return choice(value, "rotate", among: Orientation.allCases.map(\.rawValue))
                .map { make(.display(device: nil, orientation: Orientation(rawValue: $0), textSize: nil)) }
        case "device":
            return reference(value, "device", kind: "device", among: DeviceCatalog.identifiers)
                .map { make(.display(device: DeviceCatalog.device(id: $0), orientation: nil, textSize: nil)) }
        case "text-size":
            return textSize(value).map { make(.display(device: nil, orientation: nil, textSize: $0)) }
        case "expect":
            guard case .object = value.value, !value.members.isEmpty else {
                wrongValue(value, "expect", takes: "an object with 'showing', 'at' or 'not-shown'")
                if case .object = value.value { diagnostics[diagnostics.count - 1].message = "'expect' checks nothing: give it 'showing', 'at' or 'not-shown'" }
                return nil
            }
            var expectation = Scenario.Expectation()
            let before = diagnostics.count
            for entry in value.members {
                switch entry.key {
                case "showing":
                    expectation.showing = entry.value.value == .null ? .some(nil) : reference(entry.value, "showing", kind: "guide", among: guides).map { .some($0) }
                case "at":
                    expectation.at = entry.value.value == .null ? .some(nil) : reference(entry.value, "at", kind: "page or step", among: places).map { .some($0) }
                case "not-shown":
                    guard case .object = entry.value.value, !entry.value.members.isEmpty else {
                        wrongValue(entry.value, "not-shown", takes: "an object of guides and reason categories")
                        if case .object = entry.value.value {
                            diagnostics[diagnostics.count - 1].message = "'not-shown' checks nothing: name a guide and the category of its reason"
                        }
                        continue
                    }
                    for reason in entry.value.members {
                        guard guides.contains(reason.key) else {
                            report(Diagnostic(.unknownScenarioReference, at: range(reason.keyRange), "the program has no guide \(Self.quoted(reason.key))")
                                .suggesting(Suggestion.didYouMean(reason.key, among: guides), replacing: range(reason.keyRange), with: nil).quoted())
                            continue
                        }
                        if let category = choice(reason.value, reason.key, among: ScenarioReader.reasonCategories) {
                            expectation.notShown.append((reason.key, category, range(reason.value.range)))
                        }
                    }
                default:
                    unknownKey(entry, in: "expectation key", keys: ScenarioReader.expectationKeys)
                }
            }
            return diagnostics.count == before ? make(.expect(expectation)) : nil
        default:
            unknownKey(member, in: "step kind", keys: ScenarioReader.stepKinds)
            return nil
        }
    }

    /// The largest magnitude a scenario's number may have: past it a clock of seconds stops
    /// counting single seconds and a stored state could not keep the value (infinity).
    static let largestNumber = 1e15

    /// A number within `largestNumber`, or nil (another type, or too large, `1e999` included).
    static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value, number.value.isFinite, abs(number.value) <= largestNumber { return number.value }
        return nil
    }

    /// A value as a message names it: `a number`, `the string 'x'`, ...
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number) where !(abs(number.value) <= largestNumber):
            "the number \(number.text), which is \(number.value < 0 ? "smaller than -10^15" : "larger than 10^15")"
        case .number(let number): "the number \(number.text)"
        case .string(let text): "the string \(Self.quoted(text))"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A name or value from the scenario as a message quotes it, `'x'`, a long one cut short
    /// (`LongText`), so a 3 MB string makes a line of a message, not 6 MB of standard error.
    static func quoted(_ text: String) -> String { LongText.singleQuoted(text) }

    /// `'a', 'b' or 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "nothing" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension Diagnostic {
    /// The diagnostic with its fix-its writing the suggested name as a JSON string, in quotes.
    fileprivate func quoted() -> Diagnostic {
        var diagnostic = self
        diagnostic.fixIts = fixIts.map { Diagnostic.FixIt(range: $0.range, replacement: "\"\($0.replacement)\"", message: $0.message) }
        return diagnostic
    }
}
