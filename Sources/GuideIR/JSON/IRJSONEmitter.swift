/// Writes a `GuideDocument` as the versioned JSON an app plays (see docs/ir.md and
/// docs/guide-ir.schema.json). Reads only the IR.
public enum IRJSONEmitter {
    /// The document as JSON bytes ending in a newline.
    public static func emit(_ document: GuideDocument, pretty: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        emit(document, pretty: pretty, chunkSize: .max) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Streams the document (the same bytes as `emit`) to `sink` in chunks of about `chunkSize`
    /// bytes, cut between guides, so that the output of a large program is never held whole.
    public static func emit(
        _ document: GuideDocument, pretty: Bool = true, chunkSize: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) -> Void
    ) {
        withoutActuallyEscaping(sink) { sink in
            let stream = IRJSONStream(pretty: pretty, chunkSize: chunkSize, sink: sink)
            stream.begin(defaultLocale: document.defaultLocale, locales: document.locales, rules: document.rules)
            for guide in document.guides { stream.receive(guide) }
            stream.finish()
        }
    }

    /// Writes one guide (used by `IRJSONStream`), handing the bytes to `flush` between steps
    /// whenever `chunkSize` have gathered: one guide may hold a tour of half a million steps.
    static func write(
        _ guide: IRGuide, _ json: inout JSONWriter, chunkSize: Int = .max, flush: (UnsafeRawBufferPointer) -> Void = { _ in }
    ) {
        writeHead(of: guide, &json)
        for tour in guide.tours {
            writeHead(of: tour, &json)
            for step in tour.steps {
                write(step, &json)
                if json.byteCount >= chunkSize { json.flush(to: flush) }
            }
            endTour(&json)
        }
        endGuide(&json)
    }

    /// Opens a guide's object and writes everything in it before its tours, up to the opened
    /// list of tours: `write` and `IRJSONStream`'s step by step guides share it.
    static func writeHead(of guide: IRGuide, _ json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(guide.id)
        json.key("title"); write(guide.title, &json)
        json.key("show"); json.object { json in
            let show = guide.show
            json.key("key"); json.string(show.key)
            json.key("version"); json.integer(show.version)
            json.key("maxCount"); if let count = show.maxCount { json.integer(count) } else { json.null() }
            json.key("delay"); json.number(show.delay)
            json.key("after"); json.array { json in for id in show.after { json.string(id) } }
            writeRules(of: show, &json)
        }
        json.key("pages"); if let pages = guide.pages { write(pages, &json) } else { json.null() }
        json.key("screens"); json.array { json in for screen in guide.screens { write(screen, &json) } }
        json.key("tours"); json.beginArray()
    }

    /// Closes the list of tours and the guide's object that `writeHead(of:)` opened.
    static func endGuide(_ json: inout JSONWriter) {
        json.endArray()
        json.endObject()
    }

    private static func write(_ text: IRText, _ json: inout JSONWriter) {
        json.object { json in
            json.key("default"); json.string(text.defaultValue)
            json.key("key"); json.string(text.key)
            json.key("translations"); json.object { json in
                for (locale, value) in text.translations {
                    json.dynamicKey(locale); json.string(value)
                }
            }
        }
    }

    private static func write(_ text: IRText?, _ json: inout JSONWriter) {
        if let text { write(text, &json) } else { json.null() }
    }

    /// Writes a text, or null for none (for the emitter's other files).
    static func writeText(_ text: IRText?, _ json: inout JSONWriter) { write(text, &json) }

    private static func write(_ color: IRColor, _ json: inout JSONWriter) {
        json.object { json in
            json.key("light"); json.string(color.light)
            json.key("dark"); json.string(color.dark)
        }
    }

    private static func write(_ font: IRFont, _ json: inout JSONWriter) {
        json.object { json in
            json.key("textStyle"); json.string(font.textStyle)
            json.key("size"); json.number(font.size)
            json.key("weight"); json.string(font.weight)
            json.key("family"); json.string(font.family)
        }
    }

    private static func write(_ pages: IRPages, _ json: inout JSONWriter) {
        json.object { json in
            json.key("indicator"); json.string(pages.indicator)
            json.key("buttons"); json.object { json in
                json.key("skip"); write(pages.buttons.skip, &json)
                json.key("next"); write(pages.buttons.next, &json)
                json.key("done"); write(pages.buttons.done, &json)
                json.key("close"); write(pages.buttons.close, &json)
            }
            json.key("pages"); json.array { json in
                for page in pages.pages {
                    json.object { json in
                        json.key("id"); json.string(page.id)
                        json.key("image"); write(page.image, &json)
                        json.key("title"); write(page.title, &json)
                        json.key("body"); write(page.body, &json)
                        json.key("background"); write(page.background, &json)
                        json.key("textColor"); write(page.textColor, &json)
                        json.key("titleFont"); write(page.titleFont, &json)
                        json.key("bodyFont"); write(page.bodyFont, &json)
                        json.key("maxLines"); if let lines = page.maxLines { json.integer(lines) } else { json.null() }
                    }
                }
            }
        }
    }

    private static func write(_ screen: IRScreen, _ json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(screen.id)
            json.key("targets"); json.array { json in
                for target in screen.targets {
                    json.object { json in
                        json.key("id"); json.string(target.id)
                        json.key("accessibilityId"); json.string(target.accessibilityID)
                        json.key("frame"); write(target.frame, &json)
                        json.key("scroll")
                        if let scroll = target.scroll {
                            json.object { json in
                                json.key("container"); json.string(scroll.container)
                                json.key("anchor"); json.string(scroll.anchor)
                            }
                        } else {
                            json.null()
                        }
                        json.key("scrollAxis"); json.string(target.scrollAxis)
                    }
                }
            }
        }
    }

    private static func write(_ frame: IRFrame, _ json: inout JSONWriter) {
        json.object { json in
            switch frame {
            case .absolute(let x, let y, let width, let height):
                json.key("kind"); json.string("absolute")
                json.key("x"); json.number(x)
                json.key("y"); json.number(y)
                json.key("width"); json.number(width)
                json.key("height"); json.number(height)
            case .constraints(let horizontal, let vertical):
                json.key("kind"); json.string("constraints")
                json.key("horizontal"); write(horizontal, &json)
                json.key("vertical"); write(vertical, &json)
            }
        }
    }

    private static func write(_ constraints: [IRConstraint], _ json: inout JSONWriter) {
        json.array { json in
            for constraint in constraints {
                json.object { json in
                    json.key("attribute"); json.string(constraint.attribute)
                    json.key("value"); json.number(constraint.value)
                    json.key("unit"); json.string(constraint.unit)
                    // Only a percentage with a constant has one; the other units keep version 1's keys.
                    if constraint.unit == "fractionPlusPoints" { json.key("points"); json.number(constraint.points) }
                    json.key("relativeTo"); json.string(constraint.relativeTo)
                }
            }
        }
    }

    /// Opens a tour's object and writes its fields, up to the opened list of its steps.
    static func writeHead(of tour: IRTour, _ json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(tour.id)
        json.key("screen"); json.string(tour.screen)
        json.key("steps"); json.beginArray()
    }

    /// Closes the list of steps and the tour's object that `writeHead(of:)` opened.
    static func endTour(_ json: inout JSONWriter) {
        json.endArray()
        json.endObject()
    }

    /// Writes one step's object.
    static func write(_ step: IRStep, _ json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(step.id)
            json.key("targets"); json.array { json in for target in step.targets { json.string(target) } }
            json.key("title"); write(step.title, &json)
            json.key("body"); write(step.body, &json)
            json.key("image"); write(step.image, &json)
            json.key("scrollAnchor"); json.string(step.scrollAnchor)
            json.key("shape"); write(step.shape, &json)
            json.key("padding"); json.number(step.padding)
            json.key("overlay")
            if let overlay = step.overlay {
                json.object { json in
                    json.key("color"); json.string(overlay.color)
                    json.key("opacity"); json.number(overlay.opacity)
                    json.key("darkColor"); json.string(overlay.darkColor)
                    json.key("darkOpacity"); if let opacity = overlay.darkOpacity { json.number(opacity) } else { json.null() }
                }
            } else {
                json.null()
            }
            json.key("placement"); json.object { json in
                let placement = step.placement
                json.key("side"); json.string(placement.side)
                json.key("gap"); json.number(placement.gap)
                json.key("gapFrom"); json.string(placement.gapFrom)
                json.key("gapTo"); json.string(placement.gapTo)
                json.key("flip"); json.object { json in
                    switch placement.flip {
                    case .auto: json.key("kind"); json.string("auto")
                    case .none: json.key("kind"); json.string("none")
                    case .within(let distance):
                        json.key("kind"); json.string("within")
                        json.key("distance"); json.number(distance)
                    }
                }
                json.key("alignment"); json.string(placement.alignment)
                json.key("alignTo"); json.string(placement.alignTo)
            }
            writeControls(of: step, &json)
            json.key("progress"); write(step.progress, &json)
            json.key("missingTarget"); json.object { json in
                switch step.missingTarget {
                case .skip: json.key("kind"); json.string("skip")
                case .end: json.key("kind"); json.string("end")
                case .wait(let seconds):
                    json.key("kind"); json.string("wait")
                    json.key("seconds"); json.number(seconds)
                }
            }
            json.key("tip"); json.object { json in
                let tip = step.tip
                json.key("background"); if let background = tip.background { write(background, &json) } else { json.null() }
                json.key("textColor"); write(tip.textColor, &json)
                json.key("titleFont"); write(tip.titleFont, &json)
                json.key("bodyFont"); write(tip.bodyFont, &json)
                json.key("maxWidth"); json.number(tip.maxWidth)
                json.key("cornerRadius"); json.number(tip.cornerRadius)
                json.key("maxLines"); if let lines = tip.maxLines { json.integer(lines) } else { json.null() }
            }
        }
    }

    private static func write(_ shape: IRShape, _ json: inout JSONWriter) {
        json.object { json in
            switch shape {
            case .auto(let threshold, let radius):
                json.key("kind"); json.string("auto")
                json.key("threshold"); json.number(threshold)
                json.key("cornerRadius"); json.number(radius)
            case .circle(let radius):
                json.key("kind"); json.string("circle")
                json.key("radius"); if let radius { json.number(radius) } else { json.null() }
            case .rect:
                json.key("kind"); json.string("rect")
            case .rounded(let radius):
                json.key("kind"); json.string("rounded")
                json.key("cornerRadius"); json.number(radius)
            case .capsule:
                json.key("kind"); json.string("capsule")
            }
        }
    }
}
