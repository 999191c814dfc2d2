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

    /// What the recovery must not touch: a header above a line that is not indented deeper, a
    /// property named like a block keyword, and a word after a keyword on a line of its own.
    @Test(arguments: [
        // Not indented under the header: the '{' is missing and the block is not guessed.
        ("guide g\ntitle: \"T\"\n", "GL0101"),
        // A property whose value is a name, as in a style chain.
        ("style s0 { padding: 4 }\nstyle s1 { style: s0 }\n", nil),
    ] as [(String, String?)])
    func validAndUnguessableProgramsAreReadAsBefore(text: String, firstCode: String?) {
        let compilation = Compilation.compile(roots: [SourceFile(path: "r.guide", text: text)], provider: nil)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.first?.code.id == firstCode, "\(errors.map(\.message))")
    }
}
