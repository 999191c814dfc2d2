/// A step's ways forward and its controls: advance triggers, controls, overlay and target taps,
/// actions; and what the schema cannot say about them (docs/ir.md, "Controls and actions").
extension IRJSONReader {
    static let advanceKinds = ["tapAnywhere", "tapTarget", "button", "after", "event"]
    static let controlKeys = ["back", "skip", "done", "close"]
    static let overlayTaps = ["advance", "end", "nothing"]
    static let targetTapChoices = ["pass", "block"]
    static let actionKeys = ["id", "label", "then", "url"]
    static let actionThens = ["next", "end", "stay"]
    static let eventThens = ["next", "end"]
    /// The names an action id may not take: the controls', which events report as origins.
    public static let reservedActionIDs = ["back", "next", "skip", "done", "close"]

    /// A step's advance triggers: at least one, no kind twice (two events may differ by name).
    mutating func readAdvanceList(_ value: JSONValue) -> [IRAdvance] {
        let triggers = array(value, minimumCount: 1) { $0.readAdvance($1) }
        guard case .array(let elements) = value else { return triggers }
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard let kind = element["kind"]?.stringValue else { continue }
            let identity = kind == "event" ? "event " + (element["event"]?.stringValue ?? "") : kind
            if let first = seen[identity] {
                report(.inconsistent, "the trigger at index \(index) repeats the one at index \(first)", at: .index(index))
            } else {
                seen[identity] = index
            }
        }
        return triggers
    }

    private mutating func readAdvance(_ value: JSONValue) -> IRAdvance {
        switch kind(value, Self.advanceKinds) {
        case "button":
            let fields = object(value, ["kind", "label"])
            return .button(label: member(fields, "label") { $0.text($1) })
        case "after":
            let fields = object(value, ["kind", "seconds"])
            return .after(seconds: member(fields, "seconds") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
        case "event":
            let fields = object(value, ["kind", "event", "timeout", "then"])
            let trigger = IRAdvance.event(
                name: member(fields, "event") { $0.nonEmptyString($1) },
                timeout: member(fields, "timeout") { $0.positiveSeconds($1) },
                then: member(fields, "then") { $0.nullableChoice($1, Self.eventThens) })
            if case .event(_, let timeout, let then) = trigger, fields["timeout"] != nil, fields["then"] != nil,
               (timeout == nil) != (then == nil) {
                report(.inconsistent, timeout == nil
                    ? "\"then\" is set but \"timeout\" is null; both are set or both null"
                    : "\"timeout\" is set but \"then\" is null; both are set or both null")
            }
            return trigger
        case "tapTarget":
            _ = object(value, ["kind"])
            return .tapTarget
        case "tapAnywhere":
            _ = object(value, ["kind"])
            return .tapAnywhere
        default:
            return .tapAnywhere
        }
    }

    mutating func readControls(_ value: JSONValue) -> IRControls {
        let fields = object(value, Self.controlKeys)
        return IRControls(
            back: member(fields, "back") { $0.nullableText($1) },
            skip: member(fields, "skip") { $0.nullableText($1) },
            done: member(fields, "done") { $0.nullableText($1) },
            close: member(fields, "close") { $0.nullableText($1) })
    }

    /// A step's actions: ids unique within the step and never a control's name.
    mutating func readActions(_ value: JSONValue) -> [IRAction] {
        var firstIndex: [String: Int] = [:]
        var index = 0
        return array(value) { reader, value in
            defer { index += 1 }
            let fields = reader.object(value, Self.actionKeys)
            let action = IRAction(
                id: reader.member(fields, "id") { $0.identifier($1) },
                label: reader.member(fields, "label") { $0.text($1) },
                then: reader.member(fields, "then") { $0.choice($1, Self.actionThens) },
                url: reader.member(fields, "url") { $0.nullableString($1) })
            guard fields["id"]?.stringValue != nil else { return action }
            if Self.reservedActionIDs.contains(action.id) {
                reader.report(.invalidValue, "action id \(LongText.quoted(action.id)) is a control's name", at: .key("id"))
            } else if let first = firstIndex[action.id] {
                reader.report(.duplicateID, "action id \(LongText.quoted(action.id)) is already at index \(first)", at: .key("id"))
            } else {
                firstIndex[action.id] = index
            }
            if let url = action.url, !Self.isAbsoluteURL(url) {
                reader.report(.invalidValue, "expected an absolute URL such as \"https://example.com\"; found \(LongText.quoted(url))",
                              at: .key("url"))
            }
            return action
        }
    }

    /// Whether `text` starts with a URL scheme and a colon (`app-settings:` is a whole URL).
    public static func isAbsoluteURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              IRJSONReader.isASCIILetter(bytes[0]) else { return false }
        for byte in bytes[1..<colon] where !(isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) { return false }
        // No spaces or control characters anywhere: a player hands the text to the system as it is.
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// What a step's position in its tour settles: no `back` on the first step, `done` only on
    /// the last; a step without targets has no `tapTarget` trigger and passes no taps through.
    mutating func checkControls(of steps: [IRStep], in value: JSONValue) {
        guard case .array(let elements) = value else { return }
        path.components.append(.key("steps"))
        defer { path.components.removeLast() }
        for (index, step) in steps.enumerated() where index < elements.count {
            guard case .object = elements[index], let controls = elements[index]["controls"], case .object = controls else { continue }
            path.components.append(.index(index))
            path.components.append(.key("controls"))
            if index == 0, step.controls.back != nil {
                report(.inconsistent, "a tour's first step has no \"back\" control; found a label", at: .key("back"))
            }
            if index < steps.count - 1, step.controls.done != nil {
                report(.inconsistent, "only a tour's last step has a \"done\" control; found a label on step \(index + 1) of \(steps.count)",
                       at: .key("done"))
            }
            path.components.removeLast(2)
        }
    }

    /// What a step without targets cannot have, reported at the step.
    mutating func checkUntargetedControls(of step: IRStep, fields: IRJSONFields) {
        if fields["advance"] != nil, step.advance.contains(.tapTarget) {
            report(.inconsistent, "a step without targets cannot advance by \"tapTarget\"", at: .key("advance"))
        }
        if fields["targetTaps"]?.stringValue == "pass" {
            report(.inconsistent, "a step without targets has no target to pass taps to; \"targetTaps\" is \"block\"", at: .key("targetTaps"))
        }
    }
}
