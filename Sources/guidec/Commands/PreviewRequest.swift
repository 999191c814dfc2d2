import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// What `guidec preview`'s arguments ask for, checked: the output and its kind, the screens,
/// the orientations and, once the program is known, the variants and the one picture named.
struct PreviewRequest {
    /// `-o`, as typed.
    let output: String
    /// What `-o` names.
    let kind: PreviewCommand.OutputKind
    /// The screens asked for (before a guide's own settings).
    let screens: [Screen]
    /// The orientations of device presets.
    let orientations: [Orientation]
    /// The arguments.
    let arguments: ParsedArguments

    /// Reads and checks the options that do not depend on the program.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.arguments = arguments
        guard let output = arguments.output, !output.isEmpty else {
            let option = CommandLineOption.previewOutput.name
            throw UsageError("'preview' needs an output: '\(option) OUT.svg', '\(option) OUT.html' or '\(option) OUT/'")
        }
        self.output = output
        let lowered = output.lowercased()
        if lowered.hasSuffix(".svg") || output == "-" {
            kind = .svg
        } else if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") {
            kind = .sheet
        } else if output.hasSuffix("/") || FileSystem.isDirectory(output) {
            kind = .folder
        } else {
            throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' is neither OUT.svg, OUT.html nor a folder",
                             notes: ["end it with '.svg' for one picture, '.html' for a contact sheet, or '/' for a folder"])
        }
        let devices = arguments.allDevices ? DeviceCatalog.presets
            : arguments.devices.isEmpty && arguments.screens.isEmpty ? DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:))
            : arguments.devices
        var orientations = arguments.orientations
        if kind == .svg {
            guard arguments.picture != nil else {
                throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' holds one picture: name it with '\(CommandLineOption.pictureStep.synopsis)' or '\(CommandLineOption.picturePage.synopsis)'",
                                 notes: ["'\(CommandLineOption.previewOutput.name) OUT.html' draws every picture on a contact sheet"])
            }
            guard !arguments.allDevices, arguments.devices.count + arguments.screens.count == 1 else {
                throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' holds one picture: name one device with '\(CommandLineOption.device.synopsis)' (or one '\(CommandLineOption.screen.name)')",
                                 notes: ["'\(CommandLineOption.previewOutput.name) OUT.html' draws every device on a contact sheet"])
            }
            if !arguments.orientationIsGiven { orientations = [.portrait] }
            // A '--screen WIDTHxHEIGHT' is one orientation already: asking for both is for devices.
            guard orientations.count == 1 || (arguments.screens.count == 1 && !arguments.orientationIsGiven) else {
                throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' holds one picture: choose '\(CommandLineOption.orientation.name) portrait' or 'landscape'")
            }
            guard arguments.appearances.count == 1 else {
                throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' holds one picture: choose '\(CommandLineOption.appearance.name) light' or 'dark'")
            }
            guard arguments.locales.count <= 1 else {
                throw UsageError("'\(CommandLineOption.previewOutput.name) \(output)' holds one picture: choose one '\(CommandLineOption.locale.name)'")
            }
        }
        self.orientations = orientations
        // A device or screen named twice is drawn once (a handful of screens: a linear search is enough).
        var unique: [Screen] = []
        for screen in devices.flatMap({ device in orientations.map { device.screen($0) } }) + arguments.screens
        where !unique.contains(screen) { unique.append(screen) }
        screens = unique
    }

    /// The variants to draw: each appearance in each locale asked for, each locale checked
    /// against the program's strings table.
    func variants(in document: GuideDocument) throws(UsageError) -> [PreviewVariant] {
        var seen: Set<String> = []
        var resolved: [String] = []
        for locale in arguments.locales {
            // Locale tags compare in any case, `_` as `-` (BCP 47, docs/ir.md): `zh-hans` is the
            // table's `zh-Hans` (the checker refuses a table with two such; an exact match wins).
            let tag = LocaleTag.comparable(locale)
            let sameInAnyCase = document.locales.filter { LocaleTag.comparable($0) == tag }
            guard let match = document.locales.contains(locale) ? locale : sameInAnyCase.count == 1 ? sameInAnyCase[0] : nil else {
                // A language alone (`zh`) most likely means the one locale of it the table has.
                let regional = document.locales.filter { LocaleTag.comparable($0).hasPrefix(tag + "-") }
                throw UsageError(
                    document.locales.isEmpty ? "'\(CommandLineOption.locale.name) \(locale)': the guides have no strings table to draw a locale from"
                        : "'\(CommandLineOption.locale.name) \(locale)' is not a locale of the strings table",
                    suggesting: regional.count == 1 ? Suggestion.DidYouMean(name: regional[0]) : Suggestion.didYouMean(locale, among: document.locales),
                    notes: document.locales.isEmpty ? [] : ["its locales are " + document.locales.map { "'\($0)'" }.joined(separator: ", ")])
            }
            guard seen.insert(match).inserted else { throw UsageError("'\(CommandLineOption.locale.name) \(locale)' is given twice") }
            resolved.append(match)
        }
        let locales: [String?] = resolved.isEmpty ? [nil] : resolved
        return arguments.appearances.flatMap { appearance in
            locales.map { PreviewVariant(appearance: appearance, locale: $0, textSize: arguments.textSize) }
        }
    }

    /// The guides to draw: the one `--guide` names (refused when it did not check clean, or
    /// with `--step` or `--page`, which name their guide already), else every guide.
    func guides(in guides: [IRGuide]) throws(UsageError) -> [IRGuide] {
        guard let name = arguments.previewGuide else { return guides }
        if let picture = arguments.picture {
            throw UsageError("'\(CommandLineOption.previewGuide.name) \(name)' and '\(picture.option) \(picture.name)' both choose what to draw",
                             notes: ["'\(picture.option)' names its guide already; '\(CommandLineOption.previewGuide.name)' draws every picture of one guide"])
        }
        guard let guide = guides.first(where: { $0.id == name }) else {
            throw UsageError("no guide '\(name)' checked clean", suggesting: Suggestion.didYouMean(name, among: guides.map(\.id)),
                             notes: guides.isEmpty ? [] : ["the guides are " + guides.map { "'\($0.id)'" }.joined(separator: ", ")])
        }
        return [guide]
    }

    /// The one picture `--step` or `--page` names, found in `guides`, or nil for every picture.
    func selection(in guides: [IRGuide]) throws(UsageError) -> PreviewDrawing.Selection? {
        guard let picture = arguments.picture else { return nil }
        let parts = picture.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let form = if case .step = picture { "GUIDE.STEP or GUIDE.TOUR.STEP" } else { "GUIDE.PAGE" }
        let isStep = if case .step = picture { true } else { false }
        guard parts.count == 2 || (isStep && parts.count == 3), !parts.contains("") else {
            throw UsageError("'\(picture.option) \(picture.name)' is not of the form \(form)")
        }
        guard let guide = guides.first(where: { $0.id == parts[0] }) else {
            throw UsageError("no guide '\(parts[0])' checked clean",
                             suggesting: Suggestion.didYouMean(parts[0], among: guides.map(\.id)),
                             notes: guides.isEmpty ? [] : ["the guides are " + guides.map { "'\($0.id)'" }.joined(separator: ", ")])
        }
        if !isStep {
            let pages = guide.pages?.pages.map(\.id) ?? []
            guard pages.contains(parts[1]) else {
                throw UsageError("guide '\(guide.id)' has no page '\(parts[1])'", suggesting: Suggestion.didYouMean(parts[1], among: pages),
                                 notes: pages.isEmpty ? ["it has no walkthrough pages"] : [])
            }
            return .init(guide: guide.id, tour: nil, item: parts[1])
        }
        let tours = parts.count == 3 ? guide.tours.filter { $0.id == parts[1] } : guide.tours
        if parts.count == 3, tours.isEmpty {
            throw UsageError("guide '\(guide.id)' has no tour '\(parts[1])'", suggesting: Suggestion.didYouMean(parts[1], among: guide.tours.map(\.id)))
        }
        let step = parts[parts.count - 1]
        let holding = tours.filter { $0.steps.contains { $0.id == step } }
        guard let tour = holding.first else {
            throw UsageError("\(parts.count == 3 ? "tour '\(parts[1])'" : "guide '\(guide.id)'") has no step '\(step)'",
                             suggesting: Suggestion.didYouMean(step, among: tours.flatMap { $0.steps.map(\.id) }),
                             notes: tours.isEmpty ? ["it has no tours"] : [])
        }
        guard holding.count == 1 else {
            throw UsageError("step '\(step)' is in several tours of guide '\(guide.id)'",
                             notes: ["name its tour: " + holding.map { "'\(guide.id).\($0.id).\(step)'" }.joined(separator: " or ")])
        }
        return .init(guide: guide.id, tour: tour.id, item: step)
    }
}
