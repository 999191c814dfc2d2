import Foundation
import GuideIR
import GuideLang
import Testing

/// A program that reaches every branch of the IR: localised and literal text, pages with and
/// without buttons, every shape, flip, advance and missing-target kind, constraint and absolute
/// frames, scroll containers, and every kind of show rule.
enum SchemaValidationSample {
    static let source = #"""
        strings {
          default: en
          locale en {
            "intro.title": "Welcome"
            "intro.page.title": "Pay easily"
            "intro.page.body": "Tap to pay anywhere."
            "button.skip": "Skip it"
            "button.done": "Let's go"
            "tour.title": "Your home"
            "tour.progress": "{current} of {total}"
            "tour.next": "Next"
          }
          locale fr {
            "intro.title": "Bienvenue"
            "intro.page.title": "Payer facilement"
            "intro.page.body": "Touchez pour payer partout."
            "button.skip": "Passer"
            "button.done": "C'est parti"
            "tour.title": "Votre accueil"
            "tour.progress": "{current} sur {total}"
            "tour.next": "Suivant"
          }
        }

        style night-page {
          background: #5050CF, dark: #101030
          text-color: #FFF, dark: #EEEEEE80
        }

        style bubble {
          tip-background: #323232, dark: #FAFAFA
          text-color: #FFFFFF
          corner-radius: 4
          max-width: 280
        }

        guide intro {
          title: key("intro.title")
          show: once
          pages {
            style: night-page
            title-font: title1 bold "Avenir Next"
            body-font: 15 light
            buttons { skip: key("button.skip")  next: none  done: key("button.done")  close: "Close" }
            page one { image: "screen1"  title: key("intro.page.title")  body: key("intro.page.body") }
            page two { body: "Just a body\nwith \"quotes\" and 摇出美食"  background: #7EBA64 }
            page three { image: "screen3" }
          }
        }

        guide spotlight {
          title: "Tour"
          show: times(3)
          delay: 2s
          when: "opened-settings" >= 3, "launches" > 1
          after: intro

          screen home {
            target login  { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
            target signup { trailing: 24 safe  width: 44  top: 10%  height: 5% safe  id: "home.signup" }
            target middle { center-x: 50%  width: 100  center-y: 50% safe  height: 40 }
            target logo   { frame: rect(20, 100, 85, 85) }
            target list   { leading: 0  trailing: 0  top: 200  height: 120  scrolls: horizontal  id: "home.list" }
            target card   { in: list  scroll-anchor: center  leading: 300  size: 100 x 100  top: 210 }
            target rows   { leading: 0  width: 100%  top: 330  bottom: 0 safe  scrolls: vertical }
            target row    { in: rows  leading: 0  trailing: 0  top: 900  height: 44 }
            target half   { leading: 16 safe  trailing: 50% + 12.5 safe  top: 40  height: 10% - 4 }
          }

          tour main on home {
            overlay: #000000 @ 80%, dark: #212121 @ 0.5
            progress: key("tour.progress")
            style: bubble
            step welcome { placement: center  title: "Hello"  body: "No target"  advance: after 0s  overlay: none }
            step login  { highlight: login  title: key("tour.title")  shape: auto  advance: tap anywhere  flip: auto }
            step signup { highlight: signup  body: "Sign up"  shape: auto(threshold: 0.5, radius: 4)  advance: tap target  flip: none  missing: end }
            step logo   { highlight: logo  title: "Logo"  shape: circle  advance: button key("tour.next")  flip: within(150)  missing: wait 2s }
            step middle { highlight: middle, login  title: "Two"  shape: circle(42.5)  advance: after 3s  missing: skip  placement: below  alignment: leading  align-to: screen }
            step card   { highlight: card  title: "Card"  shape: rect  advance: button "Next"  placement: above  image: "arrow" }
            step row    { highlight: row  title: "Row"  shape: rounded(8)  placement: leading  gap: 0  padding: 0  missing: wait 300ms
                          advance: tap target, event("row-opened", timeout: 5s, then: end), event("row-swiped")  target-taps: pass
                          back: "Back"  skip: key("button.skip")  close: "Close"  overlay-tap: end
                          action open-settings { label: "Settings"  url: "app-settings:"  then: next }
                          action later { label: "Later"  then: end } }
            step list   { done: key("button.done")  highlight: list, rows  title: "Lists"  shape: capsule  tip-background: none  progress: none  overlay: #323232CC @ 0%  title-font: headline  body-font: caption2 black "Menlo" }
          }
        }

        guide always-on {
          title: "Always"
          show: always(key: "always.key", version: 3)
          pages {
            indicator: none
            page only { title: "Only" }
          }
        }
        """#

    /// Text the pretty-printed output must contain for the sample to cover every union branch.
    static let expectedMarkers = [
        #""kind": "constraints""#, #""kind": "absolute""#, #""unit": "fractionPlusPoints""#,
        #""kind": "auto""#, #""kind": "circle""#, #""kind": "rect""#, #""kind": "rounded""#, #""kind": "capsule""#,
        #""kind": "none""#, #""kind": "within""#,
        #""kind": "tapAnywhere""#, #""kind": "tapTarget""#, #""kind": "button""#, #""kind": "after""#, #""kind": "event""#,
        #""timeout": null"#, #""then": "end""#, #""overlayTap": "end""#, #""targetTaps": "pass""#, #""url": null"#,
        #""url": "app-settings:""#, #""id": "open-settings""#, #""close": null"#,
        #""kind": "skip""#, #""kind": "end""#, #""kind": "wait""#,
        #""maxCount": null"#, #""pages": null"#, #""scroll": null"#, #""anchor": null"#, #""background": null"#,
        #""progress": null"#, #""next": null"#, #""darkOpacity": null"#, #""textStyle": null"#, #""overlay": null"#,
    ]

    /// Compiles the sample (also written to a temporary .guide file, as a build would read it)
    /// and returns its document, failing with the diagnostics if it does not compile.
    static func compile() throws -> GuideDocument {
        let folder = try SchemaValidationScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Array(source.utf8), named: "sample.guide")
        let text = try String(contentsOf: file, encoding: .utf8)
        let compilation = Compilation.compile(path: file.path, text: text)
        guard let document = compilation.document else {
            throw SchemaValidationFailure(description: "the built-in sample does not compile:\n"
                + compilation.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
        }
        return document
    }
}
