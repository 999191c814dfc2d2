/// Writes a contact sheet as one HTML document: every picture inline (or, for a folder's
/// `index.html`, linked to its SVG beside it), each with its findings listed under it or
/// "no lint findings", and a list of every finding at the end. Readable with scripts off; a
/// content security policy forbids every network request, and nothing outside the file is used
/// (but the linked SVGs of a folder).
///
/// The player slot: `player`'s style joins the sheet's, and its body goes right after the
/// header, before the tables (marked `<!-- guidec-preview: player -->`).
public struct ContactSheetWriter: Sendable {
    /// How the pictures are included.
    public enum Pictures: Sendable {
        /// Each picture's SVG inside the page.
        case inline
        /// Each picture an `<img>` of `FILE.svg` beside the page (a folder's `index.html`).
        case linked
    }

    /// How the pictures are included.
    public var pictures: Pictures

    /// Creates a writer.
    public init(pictures: Pictures = .inline) {
        self.pictures = pictures
    }

    /// The sheet as an HTML document, with a player's markup in its slot if given.
    public func html(_ sheet: ContactSheet, player: PlayerMarkup? = nil) -> String {
        var out = ""
        out.reserveCapacity(64 * 1024)
        let scripts = player == nil ? "'none'" : "'unsafe-inline'"
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src \(scripts)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"guidec preview\">\n"
        out += "<title>\(MarkupEscaping.escaped(sheet.title))</title>\n"
        out += "<style>\n\(Self.style)\n\(player.map { $0.style + "\n" } ?? "")</style>\n</head>\n<body>\n"
        let scenes = sheet.scenes
        let findingCount = scenes.reduce(0) { $0 + $1.findings.count }
        out += "<header>\n<h1>\(MarkupEscaping.escaped(sheet.title))</h1>\n"
        out += "<p class=\"summary\">\(scenes.count) picture\(scenes.count == 1 ? "" : "s") of \(sheet.guides.count) guide\(sheet.guides.count == 1 ? "" : "s"); "
        out += findingCount == 0 ? "no lint findings" : "\(findingCount) lint finding\(findingCount == 1 ? "" : "s") (<a href=\"#findings\">listed below</a>)"
        out += "</p>\n</header>\n"
        out += "<!-- guidec-preview: player -->\n"
        if let player { out += player.body + "\n" }
        out += "<main>\n"
        var pictureNumber = 0
        for guide in sheet.guides {
            let guideID = MarkupEscaping.escaped(guide.id)
            out += "<section class=\"guide\" id=\"guide-\(guideID)\" data-guide=\"\(guideID)\">\n<h2>guide '\(guideID)'</h2>\n"
            out += "<div class=\"scroll\"><table>\n<thead><tr><th scope=\"col\"></th>"
            for column in guide.columns {
                out += "<th scope=\"col\">\(MarkupEscaping.escaped(column.screenName))<br><span class=\"variant\">\(MarkupEscaping.escaped(column.variant))</span></th>"
            }
            out += "</tr></thead>\n<tbody>\n"
            for row in guide.rows {
                out += "<tr><th scope=\"row\">\(MarkupEscaping.escaped(row.heading))</th>"
                for cell in row.cells {
                    guard let scene = cell else {
                        out += "<td class=\"absent\">not drawn</td>"
                        continue
                    }
                    pictureNumber += 1
                    out += "<td>"
                    figure(scene, number: pictureNumber, into: &out)
                    out += "</td>"
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n</table></div>\n</section>\n"
        }
        out += "<section id=\"findings\">\n<h2>Lint findings</h2>\n"
        if findingCount == 0 {
            out += "<p class=\"clean\">no lint findings on any picture</p>\n"
        } else {
            out += "<ol>\n"
            for scene in scenes {
                for finding in scene.findings {
                    out += "<li class=\"\(MarkupEscaping.escaped(finding.severity))\"><a href=\"#\(MarkupEscaping.escaped(scene.picture.fileName))\">"
                    out += "\(MarkupEscaping.escaped(scene.title))</a>: <code>\(MarkupEscaping.escaped(finding.code))</code> "
                    out += "\(MarkupEscaping.escaped(finding.severity)): \(MarkupEscaping.escaped(finding.message))</li>\n"
                }
            }
            out += "</ol>\n"
        }
        out += "</section>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// One picture with its caption: the findings drawn on it, or that there are none.
    private func figure(_ scene: PreviewScene, number: Int, into out: inout String) {
        let id = scene.picture
        let name = MarkupEscaping.escaped(id.fileName)
        out += "<figure class=\"picture\" id=\"\(name)\" data-guide=\"\(MarkupEscaping.escaped(id.guide))\""
        if let tour = id.tour { out += " data-tour=\"\(MarkupEscaping.escaped(tour))\"" }
        out += " data-item=\"\(MarkupEscaping.escaped(id.item))\" data-device=\"\(MarkupEscaping.escaped(id.device))\""
        out += " data-orientation=\"\(id.orientation.rawValue)\" data-variant=\"\(MarkupEscaping.escaped(id.variant))\">\n"
        switch pictures {
        case .inline:
            out += SVGWriter(idPrefix: "p\(number)").element(scene)
        case .linked:
            out += "<a href=\"\(name).svg\"><img src=\"\(name).svg\" alt=\"\(MarkupEscaping.escaped(scene.title))\""
            out += " width=\"\(Int(scene.width.rounded()))\" height=\"\(Int(scene.height.rounded()))\"></a>\n"
        }
        out += "<figcaption>"
        if scene.findings.isEmpty {
            out += "<p class=\"clean\">no lint findings</p>"
        } else {
            out += "<ul class=\"findings\">"
            for finding in scene.findings {
                out += "<li class=\"\(MarkupEscaping.escaped(finding.severity))\"><code>\(MarkupEscaping.escaped(finding.code))</code> "
                out += "\(MarkupEscaping.escaped(finding.severity)): \(MarkupEscaping.escaped(finding.message))</li>"
            }
            out += "</ul>"
        }
        out += "</figcaption>\n</figure>"
    }

}
