/// A step's ways forward and its controls (docs/ir.md, "Controls and actions").
extension IRJSONEmitter {
    /// Writes the members `advance`, `controls`, `overlayTap`, `targetTaps` and `actions` of a step.
    static func writeControls(of step: IRStep, _ json: inout JSONWriter) {
        json.key("advance"); json.array { json in for trigger in step.advance { write(trigger, &json) } }
        json.key("controls"); json.object { json in
            json.key("back"); writeText(step.controls.back, &json)
            json.key("skip"); writeText(step.controls.skip, &json)
            json.key("done"); writeText(step.controls.done, &json)
            json.key("close"); writeText(step.controls.close, &json)
        }
        json.key("overlayTap"); json.string(step.overlayTap)
        json.key("targetTaps"); json.string(step.targetTaps)
        json.key("actions"); json.array { json in
            for action in step.actions {
                json.object { json in
                    json.key("id"); json.string(action.id)
                    json.key("label"); writeText(action.label, &json)
                    json.key("then"); json.string(action.then)
                    json.key("url"); json.string(action.url)
                }
            }
        }
    }

    private static func write(_ trigger: IRAdvance, _ json: inout JSONWriter) {
        json.object { json in
            switch trigger {
            case .tapAnywhere: json.key("kind"); json.string("tapAnywhere")
            case .tapTarget: json.key("kind"); json.string("tapTarget")
            case .button(let label):
                json.key("kind"); json.string("button")
                json.key("label"); writeText(label, &json)
            case .after(let seconds):
                json.key("kind"); json.string("after")
                json.key("seconds"); json.number(seconds)
            case .event(let name, let timeout, let then):
                json.key("kind"); json.string("event")
                json.key("event"); json.string(name)
                json.key("timeout"); if let timeout { json.number(timeout) } else { json.null() }
                json.key("then"); json.string(then)
            }
        }
    }
}
