import GuideLayout

/// Writes a `PreviewDiff` as one self-contained HTML page for review: a summary, then each
/// changed picture named by file, guide, page or tour and step, device and orientation, and
/// variant, with what changed and the picture before and after side by side. No script, no
/// request (a content security policy forbids both), every text escaped.
public struct PreviewDiffWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The summary line: "no visual change (N pictures compared)" or "C of N pictures changed".
    public static func summary(_ diff: PreviewDiff) -> String {
        let compared = "\(diff.comparedCount) picture\(diff.comparedCount == 1 ? "" : "s")"
        guard !diff.changes.isEmpty else { return "no visual change (\(compared) compared)" }
        var counts: [String] = []
        for kind in [PreviewDiff.Change.Kind.changed, .added, .removed] {
            let count = diff.changes.count(where: { $0.kind == kind })
            if count > 0 { counts.append("\(count) \(kind.rawValue)") }
        }
        return "\(diff.changes.count) of \(compared) \(diff.changes.count == 1 ? "differs" : "differ"): " + counts.joined(separator: ", ")
    }

    /// A change's name: `FILE: guide G, tour T, step S, DEVICE-ORIENTATION, VARIANT`.
    public static func name(of change: PreviewDiff.Change) -> String {
        let picture = change.picture
        let item = picture.tour.map { "tour \($0), step \(picture.item)" } ?? "page \(picture.item)"
        return "\(change.file): guide \(picture.guide), \(item), \(picture.device)-\(picture.orientation.rawValue), \(picture.variant)"
    }

    /// The page for `diff`, titled `title`.
    public func html(_ diff: PreviewDiff, title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        out += "<meta name=\"generator\" content=\"guidec preview --diff\">\n"
        out += "<title>\(MarkupEscaping.escaped(title))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n"
        out += "<header>\n<h1>\(MarkupEscaping.escaped(title))</h1>\n"
        out += "<p class=\"summary\" id=\"summary\">\(MarkupEscaping.escaped(Self.summary(diff)))</p>\n</header>\n<main>\n"
        for (index, change) in diff.changes.enumerated() {
            let number = index + 1
            out += "<section class=\"change \(change.kind.rawValue)\" id=\"change-\(number)\""
            out += " data-file=\"\(MarkupEscaping.escaped(change.file))\" data-picture=\"\(MarkupEscaping.escaped(change.picture.fileName))\""
            out += " data-kind=\"\(change.kind.rawValue)\">\n"
            out += "<h2>\(MarkupEscaping.escaped(Self.name(of: change)))</h2>\n"
            let roles = change.changedRoles.map(\.rawValue).joined(separator: ", ")
            out += "<p class=\"what\">\(change.kind.rawValue)\(roles.isEmpty ? "" : ": " + MarkupEscaping.escaped(roles))</p>\n"
            out += "<div class=\"sides\">\n"
            let area = change.changedArea
            side("before", change.before, prefix: "b\(number)", marking: area.before, into: &out)
            side("after", change.after, prefix: "a\(number)", marking: area.after, into: &out)
            out += "</div>\n</section>\n"
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    private func side(_ name: String, _ scene: PreviewScene?, prefix: String, marking area: Rect?, into out: inout String) {
        out += "<figure class=\"\(name)\">\n<figcaption>\(name)</figcaption>\n"
        if let scene {
            out += SVGWriter(idPrefix: prefix).element(scene, marking: area)
        } else {
            out += "<p class=\"absent\">not drawn</p>\n"
        }
        out += "</figure>\n"
    }

}
