import GuideIR
import GuideLayout

extension LanguageServer {
    /// `textDocument/hover`, as Markdown: for a step, where its tip lands on the default device
    /// and where each of its presentation properties comes from; for a target, its frame on
    /// each of its guide's devices; for another name, what it is and where it is declared; for
    /// a diagnostic code (in `allow`, `deny`, anywhere), its explanation; for a property, its
    /// type and the blocks that may hold it. Null elsewhere.
    func hover(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        guard let source = cursor.document.files.first else { return .null }
        var text: String?
        var span: (start: Int, end: Int)?
        if let entry = cursor.index.entry(at: cursor.offset, in: cursor.path) {
            span = (entry.place.start, entry.place.end)
            switch entry.key.kind {
            case .step: text = stepHover(entry.key, cursor.index)
            case .target: text = targetHover(entry.key)
            default: text = nil
            }
            text = text ?? declarationHover(entry.key, cursor.index)
        } else if let link = cursor.index.importLink(at: cursor.offset, in: cursor.path) {
            span = (link.place.start, link.place.end)
            text = "**file** `\(link.file)`"
        } else if let (start, end) = Self.word(at: cursor.offset, in: source.bytes) {
            let word = String(decoding: source.bytes[start..<end], as: UTF8.self)
            span = (start, end)
            if let code = DiagnosticCode.named(word), word.uppercased().hasPrefix("GL") || word.contains("-") {
                text = DiagnosticExplanation.text(for: code)
            } else {
                text = propertyHover(word, at: start, in: source)
            }
        }
        guard let text, let span else { return .null }
        let positions = DocumentPositions(source: source, encoding: encoding).positions(of: [span.start, span.end])
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(text))])),
            ("range", Self.range(span.start, span.end, positions)),
        ])
    }

    /// Whether a byte may be part of a name as an editor selects one: an identifier's, or `-`.
    static func isWordByte(_ byte: UInt8) -> Bool { Lexer.isIdentifierContinue(byte) || byte == UInt8(ascii: "-") }

    /// The bytes of the word (letters, digits, `-`, `_`) around `offset`.
    static func word(at offset: Int, in bytes: [UInt8]) -> (Int, Int)? {
        var start = min(offset, bytes.count)
        var end = start
        while start > 0, isWordByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        return start < end ? (start, end) : nil
    }

    /// What a declared name is and where it is declared (a string key: its text in each locale).
    private func declarationHover(_ key: SymbolIndex.Key, _ index: SymbolIndex) -> String {
        let declarations = index.entries(of: key).filter(\.isDeclaration)
        var lines = ["**\(key.kind.rawValue)** `\(key.name)`"]
        for declaration in declarations.prefix(20) {
            guard let file = index.files[declaration.place.path] else { continue }
            let line = file.lineIndex(of: declaration.place.start)
            // The declaration's line as written, so a string key shows its text in each locale.
            let lineEnd = line + 1 < file.lineStarts.count ? file.lineStarts[line + 1] : file.bytes.count
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
            let bytes = file.bytes[file.lineStarts[line]..<lineEnd].drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            lines.append("- `\(Self.shortName(declaration.place.path)):\(line + 1)`: `\(Self.codeSpanText(bytes))`")
        }
        let uses = index.entries(of: key).count - declarations.count
        lines.append("\n\(uses) reference\(uses == 1 ? "" : "s") in the open documents and their imports")
        return lines.joined(separator: "\n")
    }

    /// A path's last component, as hover names files.
    static func shortName(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The lowered guides of every open document's last check, each with the path of the file
    /// each of its ranges is in.
    private func loweredGuides() -> [(guide: IRGuide, paths: [String])] {
        documents.values.sorted { $0.uri < $1.uri }.compactMap(\.lastCheck).flatMap { outcome in
            let paths = outcome.files.map { PathArithmetic.normalize($0.path) }
            return outcome.findings.guides.map { ($0, paths) }
        }
    }

    /// Whether a range of the IR is the declaration's name.
    private static func isDeclaration(_ range: SourceRange?, _ paths: [String], _ place: SymbolIndex.Place?) -> Bool {
        guard let range, let place, range.fileID.index >= 0, range.fileID.index < paths.count else { return false }
        return paths[range.fileID.index] == place.path && range.start <= place.start && place.end <= range.end
    }

    /// A step's tip on the default device, and where its presentation properties come from.
    private func stepHover(_ key: SymbolIndex.Key, _ index: SymbolIndex) -> String? {
        for (guide, paths) in loweredGuides() {
            for (tourIndex, tour) in guide.tours.enumerated() {
                guard let stepIndex = tour.steps.firstIndex(where: { Self.isDeclaration($0.range, paths, key.declaration) }) else { continue }
                let step = tour.steps[stepIndex]
                var lines = ["**step** `\(step.id)` of tour `\(tour.id)` in guide `\(guide.id)`", ""]
                // The screen its inlay hint and picture show: the guide's first (LanguageServer+InlayHints.swift).
                if let screen = previewScreens(for: guide).first ?? Self.defaultScreen {
                    let geometry = StepGeometry(step: step, targets: guide.targets(of: tour), screen: screen, category: lintOptions.category)
                    let rect = geometry.placement.rect
                    lines.append("Tip: \(geometry.placement.side), \(Rect.format(rect.width)) × \(Rect.format(rect.height)) at "
                        + "(\(Rect.format(rect.x)), \(Rect.format(rect.y))) on \(screen.name)" + (geometry.placement.fits ? "" : " (does not fit)"))
                    lines += stepPictureLines(guide, tourIndex: tourIndex, stepIndex: stepIndex, on: screen)
                }
                lines.append("")
                lines += resolvedProperties(of: key, index)
                return lines.joined(separator: "\n")
            }
        }
        return nil
    }

    /// The default device's portrait screen: what a step's hover lays it out on.
    static var defaultScreen: Screen? { DeviceCatalog.defaultIDs.first.flatMap(DeviceCatalog.device(id:))?.screen(.portrait) }

    /// Each presentation property of a step that is set, with the value and where it is written.
    private func resolvedProperties(of key: SymbolIndex.Key, _ index: SymbolIndex) -> [String] {
        guard let declaration = key.declaration else { return [] }
        var lines: [String] = []
        var seen: Set<String> = []
        for outcome in documents.values.sorted(by: { $0.uri < $1.uri }).compactMap(\.lastCheck) {
            let paths = outcome.files.map { PathArithmetic.normalize($0.path) }
            for resolved in outcome.findings.resolvedProperties where Self.isDeclaration(resolved.step, paths, declaration) {
                let index = resolved.writtenAt.fileID.index
                guard index >= 0, index < outcome.files.count, seen.insert(resolved.property).inserted else { continue }
                let file = outcome.files[index]
                let range = resolved.writtenAt
                guard range.start >= 0, range.start <= range.end, range.end <= file.bytes.count else { continue }
                let written = Self.codeSpanText(file.bytes[range.start..<range.end])
                let origin = resolved.origin.isEmpty ? "a block" : resolved.origin
                lines.append("- `\(written)` from \(origin) (`\(Self.shortName(paths[index])):\(file.lineIndex(of: range.start) + 1)`)")
            }
        }
        return lines.isEmpty ? ["Every presentation property has its default."] : ["Presentation (the rest are defaults):"] + lines
    }

    /// Source text as it can stand inside a Markdown code span: its first line only, backticks
    /// (which would end the span) as `'`, and at most 120 characters, so a value such as
    /// ``"Use `Pay`"`` or a multi-line string cannot break the hover's list.
    static func codeSpanText<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }.map { $0 == UInt8(ascii: "`") ? UInt8(ascii: "'") : $0 }
        let text = String(decoding: line, as: UTF8.self)
        return text.count > 120 || line.count < bytes.count ? String(text.prefix(120)) + "…" : text
    }

    /// A target's frame on every screen its guides are laid out on.
    private func targetHover(_ key: SymbolIndex.Key) -> String? {
        // Guides laid out on the same screens give the same frames: each set of screens once.
        var groups: [(target: IRTarget, screens: [Screen], guides: [String])] = []
        var header: String?
        for (guide, paths) in loweredGuides() {
            for screen in guide.screens {
                guard let target = screen.targets.first(where: { Self.isDeclaration($0.range, paths, key.declaration) }) else { continue }
                header = header ?? "**target** `\(target.id)` on screen `\(screen.id)`"
                let screens = previewScreens(for: guide)
                if let index = groups.firstIndex(where: { $0.target == target && $0.screens == screens }) {
                    groups[index].guides.append(guide.id)
                } else {
                    groups.append((target, screens, [guide.id]))
                }
            }
        }
        guard let header else { return nil }
        var lines = [header]
        for group in groups.prefix(10) {
            let named = group.guides.prefix(5).map { "`\($0)`" }.joined(separator: ", ") + (group.guides.count > 5 ? " and \(group.guides.count - 5) more" : "")
            lines += ["", "In guide\(group.guides.count == 1 ? "" : "s") \(named):"]
            for device in group.screens {
                let frame = TargetLayout.frame(of: group.target, on: device)
                lines.append("- \(device.name): \(Rect.format(frame.width)) × \(Rect.format(frame.height)) at (\(Rect.format(frame.x)), \(Rect.format(frame.y)))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A property's type and where it may be written, when `word` at `start` is a property's
    /// name (followed by a colon).
    private func propertyHover(_ word: String, at start: Int, in source: SourceFile) -> String? {
        var after = start + word.utf8.count
        while after < source.bytes.count, source.bytes[after] == 0x20 || source.bytes[after] == 0x09 { after += 1 }
        guard after < source.bytes.count, source.bytes[after] == UInt8(ascii: ":") else { return nil }
        let specs = PropertySchema.all.filter { $0.name == word }
        guard !specs.isEmpty else { return nil }
        var lines = ["**property** `\(word)`", ""]
        for spec in specs {
            let kinds = spec.kinds.map(\.rawValue).sorted().joined(separator: ", ")
            lines.append("- value: \(spec.type.expectation)")
            lines.append("- written in: \(kinds)")
            if !spec.styleTargets.isEmpty {
                lines.append("- a style may carry it for: " + spec.styleTargets.map(\.rawValue).sorted().joined(separator: ", ")
                    + " (a step's value comes from the step, its styles, its tour, the tour's styles, then the default)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
