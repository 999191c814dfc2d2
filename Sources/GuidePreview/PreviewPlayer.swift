import GuideIR

/// The player of a contact sheet (Player/player.js): the markup a sheet puts in its player slot,
/// made from the sheet's scenes.
///
/// The player reads only the sheet: each picture's `figure` names its guide, tour, item,
/// device, orientation and variant, and `#player-data` gives each picture's screen name and
/// controls by the figure's id (`PictureID.fileName`); the pictures' document order is the
/// playing order. So a sheet that lists its pages and steps in order, as rows, has a player with
/// nothing of its own to keep in step.
public enum PreviewPlayer {
    /// What `sheet`'s player slot holds: the player's style, its section (hidden until its
    /// script runs, so a sheet read with scripts off shows no controls that do nothing), the
    /// controls of every picture as JSON, and the script.
    public static func markup(for sheet: ContactSheet) -> PlayerMarkup {
        var body = "<section id=\"player\" aria-label=\"Player\" hidden><h2>Player</h2></section>\n"
        body += "<script type=\"application/json\" id=\"player-data\">" + data(sheet.scenes) + "</script>\n"
        body += "<script>\n" + script + "\n</script>"
        return PlayerMarkup(style: styleSheet, body: body)
    }

    /// `{"pictures": {FILE NAME: {"screenName", "controls"}}}` of `scenes`, with every `<` written
    /// as `\u003C`, so that no text of a guide can end the element that holds it.
    static func data(_ scenes: [PreviewScene]) -> String {
        var writer = JSONWriter(pretty: false, capacity: 256 * scenes.count + 64)
        writer.object { json in
            json.key("pictures")
            json.object { pictures in
                for scene in scenes {
                    pictures.dynamicKey(scene.picture.fileName)
                    pictures.object { picture in
                        picture.key("screenName"); picture.string(scene.screenName)
                        picture.key("rightToLeft"); picture.bool(scene.isRightToLeft)
                        picture.key("controls"); write(scene.controls, into: &picture)
                    }
                }
            }
        }
        // `<` occurs only inside strings, where `\u003C` reads back as the same character.
        return String(decoding: writer.takeBytes(), as: UTF8.self).replacingAll("<", with: "\\u003C")
    }

    /// A picture's controls as the player reads them: `back`, `skip`, `forward`, `close` and
    /// `progress` (a text or null), `forwardFinishes`, `forwardTrigger`, `actions`, `overlayTap` and `overlayTrigger`.
    private static func write(_ controls: PreviewControls, into json: inout JSONWriter) {
        json.object { json in
            json.key("back"); json.string(controls.back)
            json.key("skip"); json.string(controls.skip)
            json.key("forward"); json.string(controls.forward)
            json.key("forwardFinishes"); json.bool(controls.forwardFinishes)
            json.key("forwardTrigger"); json.string(controls.forwardTrigger)
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
            json.key("overlayTrigger"); json.string(controls.overlayTrigger)
            json.key("progress"); json.string(controls.progress)
        }
    }
}

private extension String {
    /// The string with every `target` replaced by `replacement`, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
