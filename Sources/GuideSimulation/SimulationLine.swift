import GuideIR
import GuideLang

/// One line of what `guidec simulate` prints: a scenario step played, a decision, what the
/// person sees, an event the app receives, an input the player ignored, an expectation checked,
/// each at its time on the simulated clock; as text or as a JSON line.
public struct SimulationLine: Equatable, Sendable {
    /// What the line is about; its JSON `line` field.
    public enum Kind: String, Equatable, Sendable {
        /// A step of the scenario, as written.
        case step
        /// The decision function's answer: the guide that shows, or none.
        case decision
        /// A guide the decision did not show, with its reason.
        case notShown
        /// What the person sees: a page, or a step's tip where the layout engine placed it.
        case sees
        /// An event the player reports to the app.
        case event
        /// An input the player did not apply, and why.
        case ignored
        /// Something the simulation notes: a run killed with the app, a parameter set.
        case note
        /// An `expect` step, held or failed.
        case expect
    }

    /// The time on the simulated clock, in seconds.
    public var time: Double
    /// What the line is about.
    public var kind: Kind
    /// The line for people, after the time and the kind.
    public var text: String
    /// The JSON line's fields after `time` and `line`.
    public var fields: [(String, JSONValue)]

    /// Creates a line.
    public init(time: Double, kind: Kind, text: String, fields: [(String, JSONValue)]) {
        self.time = time
        self.kind = kind
        self.text = text
        self.fields = fields
    }

    /// Whether two lines say the same.
    public static func == (left: SimulationLine, right: SimulationLine) -> Bool {
        left.time == right.time && left.kind == right.kind && left.text == right.text
            && left.fields.map(\.0) == right.fields.map(\.0) && left.fields.map(\.1) == right.fields.map(\.1)
    }

    /// The line as text: the clock as `dDAYS HH:MM:SS`, the kind, the text (control characters escaped).
    public var textLine: String {
        let name: String = switch kind {
        case .notShown: "not shown"
        default: kind.rawValue
        }
        // Texts come from the program and the scenario: a line break or an escape sequence in
        // them is written escaped, so that nothing forges a line or reaches the terminal raw.
        return Self.clock(time) + "  " + name + String(repeating: " ", count: max(1, 10 - name.count)) + TerminalSafeText.escaped(text)
    }

    /// The line as JSON (one line, no newline): `time`, `line`, then the fields.
    public var jsonLine: String {
        var writer = JSONWriter(pretty: false, capacity: 256)
        writer.object { json in
            json.key("time"); json.number(time)
            json.key("line"); json.string(kind.rawValue)
            for (key, value) in fields {
                json.dynamicKey(key)
                value.write(to: &json)
            }
        }
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }

    /// A time on the simulated clock as `d3 04:05:06` (days, then hours, minutes and seconds;
    /// fractions of a second after a point), `-` before a negative one.
    public static func clock(_ time: Double) -> String {
        let sign = time < 0 ? "-" : ""
        let magnitude = abs(time)
        let whole = magnitude.rounded(.down)
        guard whole < 1e15 else { return sign + NumberText.text(magnitude) + "s" }
        let seconds = Int(whole)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(sign)d\(seconds / 86_400) \(two(seconds / 3600 % 24)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
        // To the microsecond: sums of steps such as 0.1 + 0.2 would otherwise show the binary
        // fraction's noise (0.30000000000000004). Fixed-point digits, not NumberText: a clock's
        // fraction is never written in exponent form, and it never rounds up into the next second.
        let micros = Int(((magnitude - whole) * 1_000_000).rounded())
        if micros > 0 {
            var digits = String(1_000_000 + min(micros, 999_999)).dropFirst()
            while digits.last == "0" { digits = digits.dropLast() }
            text += "." + digits
        }
        return text
    }

    /// A JSON value written on one line: how a step is echoed and a field shown in text.
    static func compact(_ value: JSONValue) -> String {
        var writer = JSONWriter(pretty: false, capacity: 64)
        value.write(to: &writer)
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }
}
