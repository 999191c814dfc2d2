import GuideIR
import GuideLang
import Testing

/// `image: "asset"` and `image: symbol("name")` on pages and steps: what each lowers to, and the
/// diagnostics of an empty or malformed name or a wrong call.
struct ImageValueTests {
    /// Compiles a page whose image is `value`.
    static func compile(_ value: String) -> Compilation {
        Compilation.compile(path: "image.guide", text: "guide g {\n  title: \"G\"\n  pages { page p { title: \"P\"  image: \(value) } }\n}\n")
    }

    @Test func assetsAndSymbolsLowerToTheirKind() throws {
        let asset = try #require(Self.compile("\"hero\"").document)
        #expect(asset.guides[0].pages?.pages[0].image == IRImage(.asset, "hero"))
        let symbol = try #require(Self.compile("symbol(\"person.crop.circle.badge.plus\")").document)
        #expect(symbol.guides[0].pages?.pages[0].image == IRImage(.symbol, "person.crop.circle.badge.plus"))
        let json = String(decoding: IRJSONEmitter.emit(symbol), as: UTF8.self)
        #expect(json.contains("\"image\": {\n"), "\(json)")
        #expect(json.contains("\"kind\": \"symbol\""))
    }

    /// Each bad value: its code, message and the fix-it's replacement, if any.
    @Test(arguments: [
        ("symbol(\"Star Fill\")", "GL1201", "'Star Fill' is not a symbol name: symbol names are lowercase", "\"star.fill\""),
        ("symbol(\"star..fill\")", "GL1201", "'star..fill' is not a symbol name: it has an empty part between dots", nil),
        ("symbol(\"star_fill\")", "GL1201", "'star_fill' is not a symbol name: '_' cannot be in a symbol name", "\"star.fill\""),
        ("symbol(\"\")", "GL1201", "a symbol needs a name", nil),
        ("symbol()", "GL1201", "'symbol' needs the name of a system symbol", nil),
        ("symbol(star)", "GL0303", "a symbol's name is a string", "\"star\""),
        ("symbol(\"a\", \"b\")", "GL0303", "'symbol' takes one string, the symbol's name", nil),
        ("symbl(\"star\")", "GL0303", "expected an asset name such as \"welcome\", or symbol(\"star.fill\"), found 'symbl(...)'", "symbol"),
        ("\"\"", "GL1202", "an image needs a name", nil),
    ] as [(String, String, String, String?)])
    func badImagesAreReported(value: String, code: String, message: String, replacement: String?) throws {
        let compilation = Self.compile(value)
        let diagnostic = try #require(compilation.diagnostics.first, "\(value) was accepted")
        #expect(compilation.diagnostics.count == 1, "\(compilation.diagnostics.map(\.message))")
        #expect(diagnostic.code.id == code)
        #expect(diagnostic.message == message)
        #expect(diagnostic.fixIts.first?.replacement == replacement)
    }
}
