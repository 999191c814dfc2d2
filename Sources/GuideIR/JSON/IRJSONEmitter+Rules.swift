/// The rules in JSON: the document's parameters, frequency and groups, and in each show rule
/// its condition tree, display limits, frequency opt-out and invalidating events.
extension IRJSONEmitter {
    /// Writes the program's rules as members of the document (before `guides`).
    static func write(_ rules: IRProgramRules, _ json: inout JSONWriter) {
        json.key("parameters"); json.array { json in
            for parameter in rules.parameters {
                json.object { json in
                    json.key("id"); json.string(parameter.id)
                    json.key("type"); json.string(parameter.type.rawValue)
                    json.key("default"); write(parameter.defaultValue, &json)
                }
            }
        }
        json.key("frequency"); json.string(rules.frequency)
        json.key("groups"); json.array { json in
            for group in rules.groups {
                json.object { json in
                    json.key("id"); json.string(group.id)
                    json.key("order"); json.string(group.order)
                    json.key("guides"); json.array { json in for id in group.guides { json.string(id) } }
                }
            }
        }
    }

    /// Writes a show rule's members after `after`.
    static func writeRules(of show: IRShowRule, _ json: inout JSONWriter) {
        json.key("condition"); if let condition = show.condition { write(condition, &json) } else { json.null() }
        json.key("maxDuration"); if let seconds = show.maxDuration { json.number(seconds) } else { json.null() }
        json.key("ignoresFrequency"); json.bool(show.ignoresFrequency)
        json.key("invalidatedBy"); json.array { json in for event in show.invalidatedBy { json.string(event) } }
    }

    /// A condition: `{"all": [...]}`, `{"any": [...]}`, `{"not": ...}`, an event comparison or a
    /// parameter comparison. Nested as deep as the source's parentheses, which the parser bounds.
    static func write(_ condition: IRCondition, _ json: inout JSONWriter) {
        json.object { json in
            switch condition {
            case .all(let parts):
                json.key("all"); json.array { json in for part in parts { write(part, &json) } }
            case .any(let parts):
                json.key("any"); json.array { json in for part in parts { write(part, &json) } }
            case .not(let inner):
                json.key("not"); write(inner, &json)
            case .event(let event):
                json.key("event"); json.string(event.event)
                json.key("comparison"); json.string(event.comparison)
                json.key("count"); json.integer(event.count)
                json.key("within"); if let seconds = event.within { json.number(seconds) } else { json.null() }
            case .parameter(let parameter):
                json.key("parameter"); json.string(parameter.parameter)
                json.key("comparison"); json.string(parameter.comparison)
                json.key("value"); write(parameter.value, &json)
            }
        }
    }

    private static func write(_ value: IRValue, _ json: inout JSONWriter) {
        switch value {
        case .bool(let flag): json.bool(flag)
        case .number(let number): json.number(number)
        case .string(let text): json.string(text)
        }
    }
}
