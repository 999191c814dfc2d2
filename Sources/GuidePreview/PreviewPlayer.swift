import GuideIR

/// The player of a contact sheet (Player/player.js): the attributes each picture carries for
/// it, and the section, style and script a sheet adds for it.
///
/// The player reads only the sheet: every element with `data-player-picture` is one picture,
/// named by its guide, tour, item, screen and variant, with its controls as JSON in
/// `data-controls`; the pictures' document order is the playing order. So a sheet that lists
/// its pages and steps in order, as rows, has a player with no data of its own to keep in step.
public enum PreviewPlayer {
    /// The player's place in the sheet, hidden until its script runs, so that a sheet read
    /// with scripts off shows no controls that do nothing.
    public static let section = "<section id=\"player\" aria-label=\"Player\" hidden><h2>Player</h2></section>"

    /// The player's `<style>` element, for the sheet's head.
    public static var styleElement: String { "<style>\n" + styleSheet + "\n</style>" }

    /// The player's `<script>` element, for the end of the sheet's body (after every picture).
    public static var scriptElement: String { "<script>\n" + script + "\n</script>" }

    /// The attributes of the element that holds `scene`'s picture in a sheet, each escaped and
    /// each with a space before it: ` data-player-picture data-guide="..." ...`.
    public static func attributes(of scene: PreviewScene) -> String {
        let picture = scene.picture
        var text = " data-player-picture=\"\" data-guide=\"\(MarkupEscaping.escaped(picture.guide))\""
        if let tour = picture.tour { text += " data-tour=\"\(MarkupEscaping.escaped(tour))\"" }
        text += " data-item=\"\(MarkupEscaping.escaped(picture.item))\""
        text += " data-screen=\"\(MarkupEscaping.escaped(picture.device))-\(picture.orientation.rawValue)\""
        text += " data-screen-name=\"\(MarkupEscaping.escaped(scene.screenName))\""
        text += " data-variant=\"\(MarkupEscaping.escaped(picture.variant))\""
        text += " data-controls=\"\(MarkupEscaping.escaped(controlsJSON(scene.controls)))\""
        return text
    }

    /// A picture's controls as the player reads them: `back`, `skip`, `forward`, `close` and
    /// `progress` (a text or null), `forwardFinishes`, `overlayTap` and `actions`.
    static func controlsJSON(_ controls: PreviewControls) -> String {
        var writer = JSONWriter(pretty: false, capacity: 256)
        writer.object { json in
            json.key("back"); json.string(controls.back)
            json.key("skip"); json.string(controls.skip)
            json.key("forward"); json.string(controls.forward)
            json.key("forwardFinishes"); json.bool(controls.forwardFinishes)
            json.key("close"); json.string(controls.close)
            json.key("actions")
            json.array { list in
                for action in controls.actions {
                    list.object { item in
                        item.key("id"); item.string(action.id)
                        item.key("label"); item.string(action.label)
                        item.key("then"); item.string(action.then)
                    }
                }
            }
            json.key("overlayTap"); json.string(controls.overlayTap)
            json.key("progress"); json.string(controls.progress)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
