import GuideIR
import GuideLayout

extension LanguageServer {
    /// The command a guide's code lens runs, which the client implements (the server advertises
    /// no `executeCommandProvider`): arguments the document's URI and the guide's name; the
    /// client runs `guidec preview FILE --guide NAME -o SHEET.html` and opens the sheet
    /// (editors/vscode/extension.js, editors/nvim/lua/guidec.lua, docs/editor-and-ci.md).
    static let previewCommand = "guidec.preview"

    /// `textDocument/codeLens`: one per guide of the document that lowered, on its name, titled
    /// with what its preview sheet draws ("Preview 5 steps on iPhone SE (3rd gen)") and running
    /// `previewCommand` for it. A broken guide has none: there is nothing to draw. Read from
    /// the check of the document's newest text (the request waits for it).
    func codeLenses(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let outcome = document.lastCheck, let source = outcome.files.first else { return .array([]) }
        let guides = outcome.findings.guides.filter { $0.range?.fileID.index == 0 }
        let positions = DocumentPositions(source: source, encoding: encoding)
            .positions(of: guides.flatMap { [$0.range?.start ?? 0, $0.range?.end ?? 0] })
        return .array(guides.compactMap { guide in
            guard let range = guide.range, let title = Self.previewTitle(of: guide, on: previewScreens(for: guide)) else { return nil }
            return .object([
                ("range", Self.range(range.start, range.end, positions)),
                ("command", .object([
                    ("title", .string(title)),
                    ("command", .string(Self.previewCommand)),
                    ("arguments", .array([.string(document.uri), .string(guide.id)])),
                ])),
            ])
        })
    }

    /// "Preview 2 pages and 5 steps on iPhone SE (3rd gen) and 2 more devices": what the sheet
    /// of `guide` on `screens` holds; nil when it holds nothing.
    static func previewTitle(of guide: IRGuide, on screens: [Screen]) -> String? {
        func count(_ number: Int, _ noun: String) -> String? { number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let pictures = [count(guide.pages?.pages.count ?? 0, "page"), count(guide.tours.reduce(0) { $0 + $1.steps.count }, "step")].compactMap { $0 }
        guard let first = screens.first, !pictures.isEmpty else { return nil }
        var devices: [String] = []
        for screen in screens where !devices.contains(screen.id) { devices.append(screen.id) }
        let others = devices.count - 1
        return "Preview \(pictures.joined(separator: " and ")) on \(deviceName(of: first))"
            + (others == 0 ? "" : " and \(others) more device\(others == 1 ? "" : "s")")
    }
}
