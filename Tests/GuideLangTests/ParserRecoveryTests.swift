import GuideIR
import GuideLang
import Testing

/// Blocks written the way other languages write declarations (`step one: {`, `pages: {`,
/// `parameter count: Int = 0`, a header whose `{` is missing above indented contents): the
/// fixtures' goldens show one diagnostic per mistake; these tests show that the fix-its repair
/// the program and that the recovery never reads a valid program differently.
struct ParserRecoveryTests {
    /// The recovery fixtures, each a program with one kind of mistake made more than once.
    static let fixtures = [
        "GL0109-colon-before-a-block.guide",
        "GL0101-parameter-written-as-a-property.guide",
        "GL0101-brace-missing-above-indented-contents.guide",
    ]

    @Test(arguments: fixtures)
    func applyingEveryFixItGivesAProgramWithoutErrors(_ name: String) throws {
        let text = try FixtureFolder.diagnostics.text(name)
        let broken = Compilation.compile(roots: [SourceFile(path: name, text: text)], provider: nil)
        #expect(broken.diagnostics.allSatisfy { $0.severity == .error && !$0.fixIts.isEmpty })
        let repaired = FrameConstantTests.applyingFixIts(broken.diagnostics, to: text)
        let compilation = Compilation.compile(roots: [SourceFile(path: name, text: repaired)], provider: nil)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
    }

    /// Each mistake and the one diagnostic it gets, however the rest of the line reads.
    @Test(arguments: [
        ("guide g {\n  title: \"T\"\n  pages: { page p { title: \"x\" } }\n}\n", ["GL0109"]),
        ("guide g: {\n  title: \"T\"\n  pages { page p { title: \"x\" } }\n}\n", ["GL0109"]),
        ("parameter count: number = 3\nguide g {\n  title: \"T\"\n  when: count > 1\n  pages { page p { title: \"x\" } }\n}\n", ["GL0101"]),
        ("parameter name: String = \"x\"\n", ["GL0101"]),
        ("parameter flag: Bool\n", ["GL0101"]),
        ("guide g\n  title: \"T\"\n  pages { page p { title: \"x\" } }\n}\n", ["GL0101"]),
        ("guide g {\n  title: \"T\"\n  pages\n    page p { title: \"x\" }\n  }\n}\n", ["GL0101"]),
    ])
    func oneMistakeIsOneDiagnostic(text: String, codes: [String]) {
        let compilation = Compilation.compile(roots: [SourceFile(path: "r.guide", text: text)], provider: nil)
        #expect(compilation.diagnostics.map(\.code.id) == codes, "\(compilation.diagnostics.map(\.message))")
    }

    /// What the recovery must not touch: a header above a line that is not indented under it
    /// (with LF, CR LF or lone CR line ends), lines indented under a header that no `}` at its
    /// indentation closes (a block written without both braces), a property named like a block
    /// keyword, and a property whose value starts with `{`: each reads as before the recovery,
    /// the first error where it was.
    @Test(arguments: [
        ("guide g\ntitle: \"T\"\n}\n", "GL0101", 1),
        ("guide g\r\ntitle: \"T\"\r\n}\r\n", "GL0101", 1),
        ("guide g\rtitle: \"T\"\r}\r", "GL0101", 1),
        ("guide g {\n  title: \"T\"\n  screen s { target a { frame: rect(1, 2, 3, 4) } }\n  tour t on s\n    step a { highlight: a  title: \"x\" }\n}\n", "GL0106", 4),
        ("style s0 { padding: 4 }\nstyle s1 { style: s0 }\n", nil, nil),
        ("guide g {\n  title: \"T\"\n  pages { page p { title: {\"x\"} } }\n}\n", "GL0102", 3),
    ] as [(String, String?, Int?)])
    func validAndUnguessableProgramsAreReadAsBefore(text: String, firstCode: String?, line: Int?) {
        let source = SourceFile(path: "r.guide", text: text)
        let compilation = Compilation.compile(roots: [source], provider: nil)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.first?.code.id == firstCode, "\(errors.map(\.message))")
        #expect(errors.first.map { source.location(of: $0.range.start).line } == line, "\(errors.map(\.message))")
        #expect(!errors.contains { $0.code.id == "GL0109" && $0.message.hasPrefix("unexpected ':'") })
    }

    /// A default that is not a literal of the parameter's type gets no fix-it, since the block
    /// it wrote would be wrong: only the diagnostic and its note.
    @Test(arguments: ["parameter flag: Bool = yes\n", "parameter mode: String = dark\n", "parameter name: String = 5\n",
                      "parameter count: number = \"3\"\n", "parameter delay: number = 20s\n"])
    func aParameterWhoseDefaultIsNotOfItsTypeGetsNoFixIt(text: String) {
        let compilation = Compilation.compile(roots: [SourceFile(path: "r.guide", text: text)], provider: nil)
        #expect(compilation.diagnostics.map(\.code.id) == ["GL0101"], "\(compilation.diagnostics.map(\.message))")
        #expect(compilation.diagnostics.allSatisfy { $0.fixIts.isEmpty && $0.help.isEmpty })
    }
}
