import GuideIR
import GuideLayout

extension PreviewSceneBuilder {
    /// The picture of page `pageIndex` of `guide`'s walkthrough on `screen`: its background, the
    /// image placeholder (named), the title and body wrapped where the layout engine wraps them
    /// (`PageLayout`, the model lint checks for GL1011), the indicator and the buttons.
    public func pageScene(guide: IRGuide, pageIndex: Int, screen: Screen, findings inputs: [PreviewFindingInput] = []) -> PreviewScene {
        let pages = guide.pages ?? IRPages(indicator: "none", buttons: IRButtons(), pages: [])
        let page = pages.pages[pageIndex]
        let isLast = pageIndex == pages.pages.count - 1
        let category = variant.textSize
        let content = PageLayout.content(on: screen)
        // Measured as lint measures (the tallest translation), so the blocks are where lint puts them.
        let title = page.title.map { TipSize.Translations($0, font: page.titleFont, category: category).tallest(width: content.width) }
        let body = page.body.map { TipSize.Translations($0, font: page.bodyFont, category: category).tallest(width: content.width) }
        let layout = PageLayout(page: page, screen: screen, title: title, body: body)
        let chrome = DeviceChrome(screen: screen)
        let ink = paint(page.textColor)
        var elements = screenBase(screen, chrome: chrome, fill: paint(page.background))
        if let image = page.image, let rect = layout.image {
            elements.append(.box(PreviewBox(role: .image, rect: rect, cornerRadius: 12, fill: PreviewPaint(hex: ink.hex, opacity: 0.08),
                                            stroke: PreviewPaint(hex: ink.hex, opacity: 0.5), strokeWidth: 1, isDashed: true,
                                            name: image.name)))
            let font = IRFont(textStyle: "footnote", size: 13, weight: "regular", family: nil)
            let label = "\(image.kind.rawValue): \(image.name)"
            let text = wrapped(label, font: font, width: rect.width - 16, top: rect.midY - 9, x: rect.midX, anchor: .middle,
                               role: .imageLabel, paint: PreviewPaint(hex: ink.hex, opacity: 0.8))
            elements.append(.text(text))
        }
        if let text = page.title, let block = layout.title {
            elements.append(.text(wrapped(string(text), font: page.titleFont, width: content.width, top: block.y, x: content.midX,
                                          anchor: .middle, role: .title, paint: ink)))
        }
        if let text = page.body, let block = layout.body {
            elements.append(.text(wrapped(string(text), font: page.bodyFont, width: content.width, top: block.y, x: content.midX,
                                          anchor: .middle, role: .body, paint: ink)))
        }
        elements += pageControls(pages, index: pageIndex, layout: layout, ink: ink, background: paint(page.background))
        var findings = inputs.map { input in
            // A page's findings are about its text or its height: the content area shows both.
            PreviewFinding(code: input.code, severity: input.severity, message: input.message, rect: layout.content)
        }
        if variant.isRightToLeft {
            elements = Self.mirrored(elements, width: screen.width)
            findings = Self.mirrored(findings, width: screen.width)
        }
        elements += findingMarks(findings, screen: screen)
        elements += screenChrome(screen, chrome: chrome)
        let forward = isLast ? pages.buttons.done : pages.buttons.next
        let controls = PreviewControls(
            skip: isLast ? nil : pages.buttons.skip.map(string), forward: forward.map(string), forwardFinishes: isLast,
            forwardTrigger: isLast ? "done" : pages.buttons.next == nil ? "swipe" : "next", close: pages.buttons.close.map(string), overlayTap: "nothing",
            progress: nil)
        return PreviewScene(
            picture: pictureID(guide: guide.id, tour: nil, item: page.id, screen: screen), screenName: screen.name,
            width: screen.width, height: screen.height, variant: variant, isRightToLeft: variant.isRightToLeft,
            elements: elements, findings: findings, controls: controls)
    }

    /// The indicator's dots, centred in the controls' row, and the buttons: Skip at the leading
    /// end (not on the last page), Next or, on the last page, Done at the trailing end, a close
    /// control in the top trailing corner of the content when the walkthrough has one.
    private func pageControls(_ pages: IRPages, index: Int, layout: PageLayout, ink: PreviewPaint,
                              background: PreviewPaint) -> [PreviewElement] {
        var elements: [PreviewElement] = []
        let row = layout.controls
        let isLast = index == pages.pages.count - 1
        if pages.indicator == "dots" {
            let (diameter, pitch) = (8.0, 16.0)
            let start = row.midX - pitch * Double(pages.pages.count) / 2 + (pitch - diameter) / 2
            for dot in pages.pages.indices {
                let rect = Rect(x: start + Double(dot) * pitch, y: row.midY - diameter / 2, width: diameter, height: diameter)
                elements.append(.box(PreviewBox(role: .indicator, rect: rect, cornerRadius: diameter / 2, isCircle: true,
                                                fill: PreviewPaint(hex: ink.hex, opacity: dot == index ? 1 : 0.3),
                                                name: pages.pages[dot].id)))
            }
        }
        if !isLast, let skip = pages.buttons.skip {
            elements += pageButton(string(skip), name: "skip", trailing: false, row: row, isPrimary: false, ink: ink, background: background)
        }
        if let forward = isLast ? pages.buttons.done : pages.buttons.next {
            elements += pageButton(string(forward), name: isLast ? "done" : "next", trailing: true, row: row, isPrimary: true,
                                   ink: ink, background: background)
        }
        if let close = pages.buttons.close {
            let rect = Rect(x: layout.content.maxX - 24, y: layout.content.minY - 12, width: 24, height: 24)
            elements += closeControl(rect, label: string(close), ink: ink)
        }
        return elements
    }

    /// One of a page's buttons, 44 pt tall and its label plus 12 pt on each side wide, at one end of the row.
    private func pageButton(_ label: String, name: String, trailing: Bool, row: Rect, isPrimary: Bool, ink: PreviewPaint,
                            background: PreviewPaint) -> [PreviewElement] {
        let prepared = PreparedText(label, font: TipSize.buttonFont, category: variant.textSize)
        let measured = prepared.measure(maxWidth: row.width / 3)
        let width = min(row.width / 3 + 2 * TipSize.padding, measured.width + 2 * TipSize.padding)
        let height = max(TipSize.buttonHeight, measured.height + 16)
        let rect = Rect(x: trailing ? row.maxX - width : row.minX, y: row.midY - height / 2, width: width, height: height)
        let box = PreviewBox(role: .button, rect: rect, cornerRadius: 10, fill: isPrimary ? ink : nil,
                             stroke: isPrimary ? nil : PreviewPaint(hex: ink.hex, opacity: 0.4), name: name)
        let text = wrapped(label, font: TipSize.buttonFont, width: row.width / 3, top: rect.midY - measured.height / 2,
                           x: rect.midX, anchor: .middle, role: .buttonLabel, paint: isPrimary ? background : ink)
        return [.box(box), .text(text)]
    }

    /// A close control: an x in a 24 pt circle, named by its accessibility label.
    func closeControl(_ rect: Rect, label: String, ink: PreviewPaint) -> [PreviewElement] {
        let font = IRFont(textStyle: nil, size: 15, weight: "bold", family: nil)
        return [
            .box(PreviewBox(role: .close, rect: rect, cornerRadius: rect.width / 2, isCircle: true,
                            fill: PreviewPaint(hex: ink.hex, opacity: 0.15), name: label)),
            .text(PreviewText(role: .close, lines: [.init(text: "\u{D7}", x: rect.midX, baseline: rect.midY + 5, width: 9)],
                              fontSize: font.size, weight: font.weight, paint: ink, anchor: .middle)),
        ]
    }
}
