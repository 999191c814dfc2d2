import GuideIR

/// Reading `image`: an asset name (`"welcome"`) or a system symbol (`symbol("star.fill")`).
extension ValueReader {
    /// Reads an image; a malformed symbol name is GL1201, an empty name GL1202.
    mutating func image(_ item: ValueItemSyntax) -> IRImage? {
        guard let term = singleTerm(item, type: .image) else { return nil }
        switch term {
        case .token(let index) where tree.tokens[index].kind == .string:
            let name = tree.stringValue(index)
            guard !name.isEmpty else {
                report(Diagnostic(.emptyImageName, at: tree.range(index), "an image needs a name",
                                  help: ["name an image in the app's assets, or a system symbol with symbol(\"star.fill\")"]))
                return nil
            }
            return IRImage(.asset, name)
        case .call(let call) where tree.isIdentifier(call.name, "symbol"):
            return symbol(call)
        case .call(let call):
            let name = tree.text(call.name)
            let message = "expected \(PropertyType.image.expectation), found '\(name)(...)'"
            // Around one string, a call other languages use for an image means what its label
            // says: `Image(systemName:)` an SF Symbol, `asset("welcome")` or `UIImage(named:)` an
            // asset, whose name is written alone.
            if call.arguments.count == 1, call.arguments[0].terms.count == 1,
               case .token(let index) = call.arguments[0].terms[0], tree.tokens[index].kind == .string {
                let label = call.arguments[0].label.map(tree.text)
                let whole = tree.range(from: call.name, through: call.lastToken)
                if let label, Self.symbolLabels.contains(label) {
                    let written = "symbol(\(tree.text(index)))"
                    report(Diagnostic(.wrongValueKind, at: tree.range(call.name), message, notes: ["a system symbol is written symbol(\"name\")"],
                                      fixIts: [.init(range: whole, replacement: written, message: "write \(LongText.shortened(written))")]))
                    return nil
                }
                if Self.assetCalls.contains(name.lowercased()), label == nil || Self.assetLabels.contains(label ?? "") {
                    report(Diagnostic(.wrongValueKind, at: tree.range(call.name), message, notes: ["an asset is named by its string alone"],
                                      fixIts: [.init(range: whole, replacement: tree.text(index), message: "write \(LongText.shortened(tree.text(index)))")]))
                    return nil
                }
            }
            // `symbol` is the only call an image takes: a misspelling of it, or a call that names
            // an icon elsewhere (`icon("star")`, `systemImage(...)`), is meant as it. Others (`url`)
            // name no image the app has, and no word fixes them.
            let suggestion = Suggestion.didYouMean(name, among: ["symbol"])
                ?? (Self.symbolCalls.contains(name.lowercased()) ? Suggestion.DidYouMean(name: "symbol") : nil)
            report(Diagnostic(.wrongValueKind, at: tree.range(call.name), message,
                              notes: suggestion == nil ? ["an image is an asset of the app, named by a string, or a system symbol, symbol(\"name\")"] : [])
                .suggesting(suggestion, replacing: tree.range(call.name)))
            return nil
        default:
            wrongKindOfString(term, expected: PropertyType.image.expectation)
            return nil
        }
    }

    /// Calls that name an asset in other languages and libraries (lowercased), which an image
    /// writes as the asset's name alone.
    static let assetCalls: Set<String> = ["asset", "image", "named", "uiimage", "resource", "drawable", "painterresource"]

    /// The labels with which those calls name an asset (`UIImage(named:)`), and a system symbol
    /// (`Image(systemName:)`, `UIImage(systemName:)`).
    static let assetLabels: Set<String> = ["named", "name", "resource"]
    static let symbolLabels: Set<String> = ["systemName", "systemImage"]

    /// Calls that name an icon in other languages and libraries (lowercased), meant as `symbol`.
    static let symbolCalls: Set<String> = ["icon", "systemimage", "systemname", "sfsymbol", "glyph", "symbolimage", "materialicon", "imagevector"]

    /// Reads `symbol("name")`: one string, the symbol's name, checked for the form SF Symbols'
    /// names have (lowercase words of letters and digits joined by dots). Whether the symbol
    /// exists cannot be known here: the set grows with every OS release.
    private mutating func symbol(_ call: CallSyntax) -> IRImage? {
        let whole = tree.range(from: call.name, through: call.lastToken)
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.arguments[0].terms.count == 1,
              case .token(let index) = call.arguments[0].terms[0], tree.tokens[index].kind == .string else {
            if call.arguments.count == 1, call.arguments[0].label == nil, call.arguments[0].terms.count == 1,
               case .token(let word) = call.arguments[0].terms[0], tree.tokens[word].kind == .identifier {
                wrongKindOfString(.token(word), expected: "a string", message: "a symbol's name is a string")
                return nil
            }
            if call.arguments.isEmpty {
                report(Diagnostic(.invalidSymbolName, at: whole, "'symbol' needs the name of a system symbol",
                                  help: ["write the symbol's name as SF Symbols shows it, such as symbol(\"star.fill\")"]))
                return nil
            }
            report(Diagnostic(.wrongValueKind, at: range(of: call.arguments[0]), "'symbol' takes one string, the symbol's name",
                              notes: ["such as symbol(\"star.fill\")"]))
            return nil
        }
        let name = tree.stringValue(index)
        let range = tree.range(index)
        if let problem = Self.symbolNameProblem(name) {
            let fixed = Self.normalisedSymbolName(name)
            let fixIts: [Diagnostic.FixIt] = fixed.flatMap { fixed in
                Self.symbolNameProblem(fixed) == nil && fixed != name
                    ? [.init(range: range, replacement: "\"\(fixed)\"", message: "write \"\(fixed)\"")] : nil
            } ?? []
            report(Diagnostic(
                .invalidSymbolName, at: range, name.isEmpty ? "a symbol needs a name" : "'\(name)' is not a symbol name: \(problem)",
                notes: ["system symbols are named in lowercase words of letters and digits joined by dots, such as 'star.fill' or 'person.crop.circle'"],
                fixIts: fixIts))
            return nil
        }
        return IRImage(.symbol, name)
    }

    /// What is wrong with a symbol name's form, or nil when it has the form of one.
    static func symbolNameProblem(_ name: String) -> String? {
        guard !name.isEmpty else { return "it is empty" }
        let components = name.split(separator: ".", omittingEmptySubsequences: false)
        if components.contains(where: \.isEmpty) { return "it has an empty part between dots" }
        for scalar in name.unicodeScalars where scalar != "." {
            if ("A"..."Z").contains(scalar) { return "symbol names are lowercase" }
            if scalar == " " || scalar == "\t" || scalar == "\n" { return "it holds a space" }
            if !(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)) {
                return "'\(scalar.escaped(asASCII: false))' cannot be in a symbol name"
            }
        }
        return nil
    }

    /// The name as it was probably meant: lowercased, trimmed, with spaces, `_` and `-` as dots.
    static func normalisedSymbolName(_ name: String) -> String? {
        let trimmed = name.lowercased().split(whereSeparator: { " \t\n_-".contains($0) }).joined(separator: ".")
        return trimmed.isEmpty ? nil : trimmed
    }
}
