import GuideIR

/// What the player of a sheet must show at each place in a guide, taken from the IR alone: the
/// oracle the browser tests compare the page with. A guide plays its pages, then each tour's
/// steps, in order; the buttons of each are what the IR's controls say (docs/ir.md, "Controls
/// and actions"), in the order a tip lays them out.
struct PlayerWalk {
    /// One page or step.
    struct Item: Equatable {
        /// The tour's id, nil for a page.
        var tour: String?
        /// The page's or step's id.
        var id: String
        /// Its position among the pages or its tour's steps, from 0.
        var index: Int
        /// The buttons in order: the control (`back`, `skip`, `action`, `forward`, `close`) and
        /// the label shown; the close control shows an x, its label is its accessibility label.
        var buttons: [Button]
        /// The progress line: the step's progress with its placeholders filled, "Page i of n"
        /// for a page, empty for a step without progress.
        var progress: String

        /// Whether Back (or a swipe back, on a page) shows.
        var hasBack: Bool { buttons.contains { $0.control == "back" } }
        /// Whether Skip shows.
        var hasSkip: Bool { buttons.contains { $0.control == "skip" } }
        /// Whether the close control shows.
        var hasClose: Bool { buttons.contains { $0.control == "close" } }
    }

    /// A button of the player.
    struct Button: Equatable, CustomStringConvertible {
        /// Which control it is.
        var control: String
        /// Its text.
        var label: String
        /// Its accessibility label, for the close control.
        var accessibilityLabel: String?

        var description: String { accessibilityLabel.map { "\(control) \(label) (\($0))" } ?? "\(control) \(label)" }
    }

    /// The guide's id.
    var guide: String
    /// The pages, then each tour's steps.
    var items: [Item]

    /// The walk of `guide`, in the texts of `locale` (each text's default where it has no
    /// translation, or without a locale).
    init(_ guide: IRGuide, locale: String? = nil) {
        self.guide = guide.id
        func text(_ value: IRText) -> String {
            value.translations.first { $0.locale == locale }?.value ?? value.defaultValue
        }
        var items: [Item] = []
        let itemCount = (guide.pages?.pages.count ?? 0) + guide.tours.reduce(0) { $0 + $1.steps.count }
        if let pages = guide.pages {
            for (index, page) in pages.pages.enumerated() {
                let isLastPage = index + 1 == pages.pages.count
                var buttons: [Button] = []
                if index > 0 { buttons.append(Button(control: "back", label: "Back (swipe)")) }
                if !isLastPage, let skip = pages.buttons.skip { buttons.append(Button(control: "skip", label: text(skip))) }
                let forward = isLastPage ? pages.buttons.done : pages.buttons.next
                buttons.append(Button(control: "forward", label: forward.map(text)
                    ?? (items.count + 1 == itemCount ? "Finish" : "Next")))
                if let close = pages.buttons.close { buttons.append(Button(control: "close", label: "\u{D7}", accessibilityLabel: text(close))) }
                items.append(Item(tour: nil, id: page.id, index: index, buttons: buttons,
                                  progress: "Page \(index + 1) of \(pages.pages.count)"))
            }
        }
        for tour in guide.tours {
            for (index, step) in tour.steps.enumerated() {
                var buttons: [Button] = []
                let controls = step.controls
                if let back = controls.back { buttons.append(Button(control: "back", label: text(back))) }
                if let skip = controls.skip { buttons.append(Button(control: "skip", label: text(skip))) }
                for action in step.actions { buttons.append(Button(control: "action", label: text(action.label))) }
                let trigger = step.advance.lazy.compactMap { advance -> IRText? in
                    if case .button(let label) = advance { return label }
                    return nil
                }.first
                let forward = controls.done ?? trigger
                buttons.append(Button(control: "forward", label: forward.map(text)
                    ?? (items.count + 1 == itemCount ? "Finish" : "Next")))
                if let close = controls.close { buttons.append(Button(control: "close", label: "\u{D7}", accessibilityLabel: text(close))) }
                let progress = step.progress.map {
                    text($0).replacingOccurrences(of: "{current}", with: String(index + 1))
                        .replacingOccurrences(of: "{total}", with: String(tour.steps.count))
                } ?? ""
                items.append(Item(tour: tour.id, id: step.id, index: index, buttons: buttons, progress: progress))
            }
        }
        self.items = items
    }

    /// What the page must show at `item` while the guide plays: each difference from `shown` (a
    /// `state` result of the browser session), empty when they agree.
    func differences(at item: Item, from shown: JSONValue) -> [String] {
        var differences = differencesOfPlace(item, status: "playing", origin: nil, from: shown)
        let buttons = (shown["buttons"]?.arrayValue ?? []).map { button -> Button in
            let fields = button.arrayValue ?? []
            return Button(control: fields.count > 1 ? fields[1].stringValue ?? "" : "",
                          label: fields.count > 2 ? fields[2].stringValue ?? "" : "",
                          accessibilityLabel: item.hasClose && fields.count > 3 ? fields[3].stringValue : nil)
        }
        if buttons != item.buttons { differences.append("buttons \(buttons), the guide says \(item.buttons)") }
        let progress = shown["progress"]?.stringValue ?? ""
        if progress != item.progress { differences.append("progress '\(progress)', the guide says '\(item.progress)'") }
        return differences
    }

    /// What the page must show once the guide has ended at `item` (`completed`, or `dismissed`
    /// with an origin): the differences from `shown`.
    func differences(endedAt item: Item, status: String, origin: String?, from shown: JSONValue) -> [String] {
        var differences = differencesOfPlace(item, status: status, origin: origin, from: shown)
        if let buttons = shown["buttons"]?.arrayValue, !buttons.isEmpty { differences.append("buttons still show after the end: \(buttons)") }
        return differences
    }

    private func differencesOfPlace(_ item: Item, status: String, origin: String?, from shown: JSONValue) -> [String] {
        if let error = shown["error"]?.stringValue { return ["the browser failed: \(error)"] }
        let state = shown["state"]
        var differences: [String] = []
        if shown["hidden"] != .bool(false) { differences.append("the player is not shown (hidden: \(String(describing: shown["hidden"])))") }
        func expect(_ name: String, _ value: String?) {
            let actual = state?[name]?.stringValue
            if actual != value { differences.append("\(name) is \(actual.map { "'\($0)'" } ?? "missing"), the guide says \(value.map { "'\($0)'" } ?? "none")") }
        }
        expect("guide", guide)
        expect("kind", item.tour == nil ? "page" : "step")
        expect("tour", item.tour)
        expect("item", item.id)
        expect("index", String(item.index))
        expect("status", status)
        expect("origin", origin)
        return differences
    }
}
