import GuideIR
import GuideLayout

extension Linter.StepLayout {
    /// The layout as one JSON line (`"kind": "placement"`), printed by `guidec lint --format json`
    /// after the diagnostics so tools and tests can see where every tip lands.
    public var jsonLine: String {
        var writer = JSONWriter(pretty: false, capacity: 512)
        writer.object { json in
            json.key("version"); json.integer(DiagnosticRenderer.jsonFormatVersion)
            json.key("kind"); json.string("placement")
            json.key("guide"); json.string(guide)
            json.key("tour"); json.string(tour)
            json.key("step"); json.string(step)
            json.key("device"); json.string(screen.id)
            json.key("deviceName"); json.string(screen.name)
            json.key("orientation"); json.string(screen.orientation.rawValue)
            json.key("screen"); json.object { json in
                json.key("width"); json.length(screen.width)
                json.key("height"); json.length(screen.height)
                json.key("safeArea"); json.object { json in
                    json.key("top"); json.length(screen.safeArea.top)
                    json.key("leading"); json.length(screen.safeArea.leading)
                    json.key("bottom"); json.length(screen.safeArea.bottom)
                    json.key("trailing"); json.length(screen.safeArea.trailing)
                }
            }
            json.key("targets"); json.array { json in for frame in targetFrames { Self.write(frame, &json) } }
            json.key("cutouts"); json.array { json in
                for cutout in cutouts {
                    json.object { json in
                        json.key("x"); json.length(cutout.bounds.x)
                        json.key("y"); json.length(cutout.bounds.y)
                        json.key("width"); json.length(cutout.bounds.width)
                        json.key("height"); json.length(cutout.bounds.height)
                        json.key("cornerRadius"); json.length(cutout.cornerRadius)
                        json.key("isCircle"); json.bool(cutout.isCircle)
                    }
                }
            }
            json.key("tip"); Self.write(placement.rect, &json)
            json.key("side"); json.string(placement.side)
            json.key("alignment"); json.string(placement.alignment)
            json.key("fits"); json.bool(placement.fits)
        }
        writer.finish()
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }

    private static func write(_ rect: Rect, _ json: inout JSONWriter) {
        json.object { json in
            json.key("x"); json.length(rect.x)
            json.key("y"); json.length(rect.y)
            json.key("width"); json.length(rect.width)
            json.key("height"); json.length(rect.height)
        }
    }
}
