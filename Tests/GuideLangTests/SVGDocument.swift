import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG (or any XML) document read back with Foundation's XML parser: whether it is
/// well-formed, and its elements with their attributes and text, in document order.
struct SVGDocument {
    /// One element.
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The text directly inside it.
        var text: String
        /// The names of its ancestors, outermost first.
        var ancestors: [String]

        /// An attribute as a number.
        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
        /// Whether its `class` is `role`.
        func has(role: String) -> Bool { attributes["class"] == role }
    }

    /// Every element, in document order.
    private(set) var elements: [Element] = []
    /// The parser's error, when the document is not well-formed.
    private(set) var error: String?

    /// Reads `text`.
    init(_ text: String) {
        let delegate = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        if !parser.parse() {
            error = parser.parserError.map { "\($0)" } ?? "not well-formed"
        }
        elements = delegate.elements
    }

    /// The elements with class `role`.
    func elements(role: String) -> [Element] { elements.filter { $0.has(role: role) } }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let ancestors = open.map { elements[$0].name }
            elements.append(Element(name: name, attributes: attributes, text: "", ancestors: ancestors))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }
    }
}
