import GuideIR

/// The runtime state as JSON bytes and back (format `guide-runtime-state`, version 1, in
/// docs/runtime.md), written with GuideIR's deterministic writer and read with its strict
/// parser. Reading never traps: bytes that are not a state give a fresh state and a problem,
/// and an entry that cannot be read is dropped alone, with a problem naming it.
public enum RuntimeStateCoding {
    /// The format's name.
    public static let formatName = "guide-runtime-state"
    /// The version this runtime writes and reads.
    public static let formatVersion = 1

    /// The state as JSON bytes, keys in sorted order so the same state gives the same bytes.
    public static func encode(_ state: RuntimeState) -> [UInt8] {
        var writer = JSONWriter(pretty: false, capacity: 1024)
        writer.object { json in
            json.key("format"); json.string(formatName)
            json.key("version"); json.integer(formatVersion)
            json.key("lastShownAt")
            if let last = state.lastShownAt { json.number(last) } else { json.null() }
            json.key("showings"); json.object { json in
                for (key, showing) in state.showings.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(key); json.object { json in
                        json.key("version"); json.integer(showing.version)
                        json.key("count"); json.integer(showing.count)
                        json.key("lastShown"); json.number(showing.lastShown)
                    }
                }
            }
            json.key("guides"); json.object { json in
                for (id, record) in state.guides.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(id); write(record, &json)
                }
            }
            json.key("parameters"); json.object { json in
                for (id, value) in state.parameters.values.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(id)
                    switch value {
                    case .bool(let flag): json.bool(flag)
                    case .number(let number): json.number(number)
                    case .string(let text): json.string(text)
                    }
                }
            }
            json.key("events"); json.object { json in
                for (name, times) in state.events.times.sorted(by: { $0.key < $1.key }) {
                    json.dynamicKey(name); json.array { json in for time in times { json.number(time) } }
                }
            }
            // Only past the times kept, so a state without such an event is the same bytes as before.
            if !state.events.totals.isEmpty {
                json.key("eventCounts"); json.object { json in
                    for (name, total) in state.events.totals.sorted(by: { $0.key < $1.key }) {
                        json.dynamicKey(name); json.integer(total)
                    }
                }
            }
        }
        writer.finish()
        return writer.takeBytes()
    }

    private static func write(_ record: GuideRecord, _ json: inout JSONWriter) {
        json.object { json in
            json.key("version"); if let version = record.version { json.integer(version) } else { json.null() }
            json.key("ending"); json.string(record.ending?.rawValue)
            json.key("completedVersion"); if let version = record.completedVersion { json.integer(version) } else { json.null() }
            json.key("position")
            switch record.position {
            case .page(let id)?: json.object { json in json.key("page"); json.string(id) }
            case .step(let tour, let step)?: json.object { json in json.key("tour"); json.string(tour); json.key("step"); json.string(step) }
            case nil: json.null()
            }
            json.key("displaySeconds"); json.number(record.displaySeconds)
            json.key("runStartSeconds"); json.number(record.runStartSeconds)
            json.key("invalidation")
            switch record.invalidation {
            case .event(let name)?: json.object { json in json.key("event"); json.string(name) }
            case .maxDuration?: json.object { json in json.key("maxDuration"); json.bool(true) }
            case nil: json.null()
            }
        }
    }

    /// The state in `bytes`, and every problem found on the way.
    public static func decode(_ bytes: [UInt8]) -> (state: RuntimeState, problems: [StoreProblem]) {
        let root: JSONValue
        switch JSONParser.parse(bytes) {
        case .success(let value): root = value
        case .failure(let failure): return (RuntimeState(), [StoreProblem(.corrupt, "the stored state is not JSON: \(failure.reason)")])
        }
        guard case .object = root, root["format"]?.stringValue == formatName else {
            return (RuntimeState(), [StoreProblem(.corrupt, "the stored state is not a \(formatName) document")])
        }
        guard let version = root["version"]?.integerValue else {
            return (RuntimeState(), [StoreProblem(.corrupt, "the stored state has no version")])
        }
        guard version == formatVersion else {
            let kind: StoreProblem.Kind = version > formatVersion ? .futureVersion : .corrupt
            return (RuntimeState(), [StoreProblem(kind, "the stored state is version \(version); this runtime reads version \(formatVersion)")])
        }
        var state = RuntimeState()
        var problems: [StoreProblem] = []
        func drop(_ what: String, _ why: String) { problems.append(StoreProblem(.unreadableEntry, "\(what) dropped: \(why)")) }
        if let last = root["lastShownAt"], last != .null {
            if let time = number(last) { state.lastShownAt = time } else { drop("lastShownAt", "not a number") }
        }
        for (key, value) in members(root["showings"], "showings", &problems) {
            guard let version = value["version"]?.integerValue, let count = value["count"]?.integerValue, count >= 0,
                  let lastShown = value["lastShown"].flatMap(number) else {
                drop("showing '\(key)'", "expected a version, a count and lastShown"); continue
            }
            state.showings[key] = ShowingRecord(version: version, count: count, lastShown: lastShown)
        }
        for (id, value) in members(root["guides"], "guides", &problems) {
            guard let record = readRecord(value) else { drop("guide '\(id)'", "not a guide record"); continue }
            state.guides[id] = record
        }
        for (id, value) in members(root["parameters"], "parameters", &problems) {
            switch value {
            case .bool(let flag): state.parameters.restore(id, to: .bool(flag))
            case .string(let text): state.parameters.restore(id, to: .string(text))
            case .number(let number) where number.value.isFinite: state.parameters.restore(id, to: .number(number.value))
            default: drop("parameter '\(id)'", "not a bool, a number or a string")
            }
        }
        var times: [String: [Double]] = [:]
        for (name, value) in members(root["events"], "events", &problems) {
            guard let list = value.arrayValue?.map(number), !list.contains(nil) else { drop("event '\(name)'", "not a list of times"); continue }
            times[name] = list.compactMap { $0 }
        }
        var totals: [String: Int] = [:]
        for (name, value) in members(root["eventCounts"], "eventCounts", &problems) {
            guard let total = value.integerValue, total >= 0 else { drop("event count '\(name)'", "not a count"); continue }
            totals[name] = total
        }
        state.events = EventHistory(times: times, totals: totals)
        return (state, problems)
    }

    /// The members of an object, or none (with a problem) when it is something else.
    private static func members(_ value: JSONValue?, _ name: String, _ problems: inout [StoreProblem]) -> [(String, JSONValue)] {
        guard let value else { return [] }
        guard case .object(let members) = value else {
            problems.append(StoreProblem(.unreadableEntry, "\(name) dropped: not an object"))
            return []
        }
        return members
    }

    private static func number(_ value: JSONValue) -> Double? {
        guard case .number(let number) = value, number.value.isFinite else { return nil }
        return number.value
    }

    private static func readRecord(_ value: JSONValue) -> GuideRecord? {
        guard case .object = value else { return nil }
        var record = GuideRecord()
        func optionalInteger(_ key: String) -> Int?? {
            guard let member = value[key] else { return .some(nil) }
            if member == .null { return .some(nil) }
            return member.integerValue.map { .some($0) }
        }
        guard let version = optionalInteger("version"), let completed = optionalInteger("completedVersion") else { return nil }
        record.version = version
        record.completedVersion = completed
        switch value["ending"] {
        case nil, .null?: break
        case .string(let text)?:
            guard let ending = GuideRecord.Ending(rawValue: text) else { return nil }
            record.ending = ending
        default: return nil
        }
        switch value["position"] {
        case nil, .null?: break
        case let position?:
            if let page = position["page"]?.stringValue {
                record.position = .page(page)
            } else if let tour = position["tour"]?.stringValue, let step = position["step"]?.stringValue {
                record.position = .step(tour: tour, step: step)
            } else {
                return nil
            }
        }
        for (key, path) in [("displaySeconds", \GuideRecord.displaySeconds), ("runStartSeconds", \GuideRecord.runStartSeconds)] {
            guard let member = value[key] else { continue }
            guard let seconds = number(member), seconds >= 0 else { return nil }
            record[keyPath: path] = seconds
        }
        switch value["invalidation"] {
        case nil, .null?: break
        case let invalidation?:
            if let event = invalidation["event"]?.stringValue {
                record.invalidation = .event(event)
            } else if invalidation["maxDuration"]?.boolValue == true {
                record.invalidation = .maxDuration
            } else {
                return nil
            }
        }
        return record
    }
}
