import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// Frame distances with a constant (`50% + 12.5`, `100% - 32 safe`): how they lex, what the
/// checker lowers them to, what its fix-its write, and that the layout engine resolves them
/// exactly on every width.
struct FrameConstantTests {
    /// A program with one target whose `trailing` is `distance`.
    static func program(trailing distance: String) -> String {
        """
        screen home {
          target row { leading: 16 safe  trailing: \(distance)  bottom: 76 safe  height: 60 }
        }
        guide g {
          title: "G"
          tour t on home { step row { highlight: row  title: "Row" } }
        }

        """
    }

    static func compile(_ text: String) -> Compilation {
        Compilation.compile(roots: [SourceFile(path: "frames.guide", text: text)], provider: nil)
    }

    /// The `trailing` constraint `distance` lowers to, nil when the program has an error.
    static func trailing(_ distance: String) -> IRConstraint? {
        guard let document = compile(program(trailing: distance)).document,
              case .constraints(let horizontal, _) = document.guides[0].screens[0].targets[0].frame else { return nil }
        return horizontal[1]
    }

    /// The text with every fix-it applied, the last one first so offsets stay valid.
    static func applyingFixIts(_ diagnostics: [Diagnostic], to text: String) -> String {
        var bytes = Array(text.utf8)
        for fixIt in diagnostics.flatMap(\.fixIts).sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(fixIt.range.start..<fixIt.range.end, with: Array(fixIt.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func operatorsLexAsTokensAndADashBeforeADigitAsASign() {
        func kinds(_ text: String) -> [TokenKind] {
            Lexer.tokenize(SourceFile(path: "x.guide", text: text), fileID: FileID(0)).tokens.map(\.kind).dropLast()
        }
        #expect(kinds("50% + 12.5") == [.number, .plus, .number])
        #expect(kinds("50%+12.5") == [.number, .plus, .number])
        #expect(kinds("100% - 32 safe") == [.number, .minus, .number, .identifier])
        #expect(kinds("50% -12") == [.number, .number])
        #expect(kinds("50%-12") == [.number, .number])
        #expect(kinds("50% - -3") == [.number, .minus, .number])
        // A hyphen inside a name joins it; one that ends a name is an operator, no longer a stray byte.
        #expect(kinds("center-x a- b") == [.identifier, .identifier, .minus, .identifier])
        #expect(Lexer.tokenize(SourceFile(path: "x.guide", text: "a + b - c"), fileID: FileID(0)).diagnostics.diagnostics.isEmpty)
    }

    @Test func aPercentageWithAConstantLowersToFractionPlusPoints() throws {
        let constant = try #require(Self.trailing("50% + 12.5 safe"))
        #expect(constant == IRConstraint(attribute: "trailing", value: 0.5, unit: "fractionPlusPoints", relativeTo: "safeArea", points: 12.5))
        #expect(Self.trailing("50%+12.5pt") == IRConstraint(attribute: "trailing", value: 0.5, unit: "fractionPlusPoints", relativeTo: "screen", points: 12.5))
        #expect(Self.trailing("100% - 32") == IRConstraint(attribute: "trailing", value: 1, unit: "fractionPlusPoints", relativeTo: "screen", points: -32))
        #expect(Self.trailing("-50% - 3") == IRConstraint(attribute: "trailing", value: -0.5, unit: "fractionPlusPoints", relativeTo: "screen", points: -3))
        // Without a constant, or with one of 0, the constraint is version 1's plain fraction.
        #expect(Self.trailing("50% + 0") == IRConstraint(attribute: "trailing", value: 0.5, unit: "fraction", relativeTo: "screen"))
        #expect(Self.trailing("53%") == IRConstraint(attribute: "trailing", value: 0.53, unit: "fraction", relativeTo: "screen"))
        #expect(Self.trailing("16 safe") == IRConstraint(attribute: "trailing", value: 16, unit: "points", relativeTo: "safeArea"))
    }

    /// Each diagnostic of a distance that is not canonical, and the text its fix-its write:
    /// that text checks clean (no error, no warning) and means what the author wrote.
    @Test(arguments: [
        ("50%-12.5", "50% - 12.5", DiagnosticCode.malformedDistance),
        ("50% -12.5 safe", "50% - 12.5 safe", .malformedDistance),
        ("50% safe + 12.5", "50% + 12.5 safe", .malformedDistance),
        ("50% safe + 12.5 safe", "50% + 12.5 safe", .duplicateProperty),
        ("16 safe safe", "16 safe", .duplicateProperty),
        ("- 12", "-12", .malformedDistance),
        ("+ 12", "12", .malformedDistance),
        ("12.5 + 50%", "50% + 12.5", .constantBeforePercentage),
        ("12 - 50% safe", "-50% + 12 safe", .constantBeforePercentage),
        ("-12 + 50%", "50% - 12", .constantBeforePercentage),
        ("50% + 10%", "60%", .uncombinedTerms),
        ("10.1% + 20.2%", "30.3%", .uncombinedTerms),
        ("50% + 16 - 3.5 safe", "50% + 12.5 safe", .uncombinedTerms),
        ("10 + 50% + 2.5", "50% + 12.5", .uncombinedTerms),
        ("12 + 4", "16", .uncombinedTerms),
        ("50% - 50% + 12", "12", .uncombinedTerms),
        ("50% + -12", "50% - 12", .negatedConstant),
        ("50% - -3", "50% + 3", .negatedConstant),
    ])
    func fixItWritesTheCanonicalDistance(written: String, fixed: String, code: DiagnosticCode) throws {
        let text = Self.program(trailing: written)
        let diagnostics = Self.compile(text).diagnostics
        #expect(diagnostics.map(\.code) == [code], "\(written): \(diagnostics.map(\.message))")
        #expect(diagnostics.allSatisfy { $0.message.first(where: \.isLetter)?.isLowercase == true && $0.message.last != "." })
        let repaired = Self.applyingFixIts(diagnostics, to: text)
        #expect(repaired == Self.program(trailing: fixed), "\(written) was fixed to \(repaired)")
        #expect(Self.compile(repaired).diagnostics.isEmpty, "\(fixed) still reports \(Self.compile(repaired).diagnostics.map(\.message))")
        if code == .negatedConstant {
            // A warning only: the value is used as meant.
            #expect(Self.trailing(written) == Self.trailing(fixed))
        }
    }

    /// What has no obvious repair is reported, with no fix-it that would guess.
    @Test(arguments: [
        ("50% 12", DiagnosticCode.malformedDistance, "expected '+' or '-' between '50%' and '12'"),
        ("50% +", .malformedDistance, "expected a number after '+'"),
        ("50% + - 12", .malformedDistance, "expected a number after '+', found '-'"),
        ("50% + safe", .malformedDistance, "expected a number after '+'"),
        ("50% + 12s", .invalidUnit, "unit 's' is not allowed here"),
        ("250% - 400", .valueOutOfRange, "the percentage must be between -100 and 200, found 250%"),
        ("50% + 12 sfae", .wrongValueKind, "unexpected 'sfae' after the distance"),
    ])
    func unrepairableDistanceIsReported(written: String, code: DiagnosticCode, message: String) {
        let diagnostics = Self.compile(Self.program(trailing: written)).diagnostics
        #expect(diagnostics.map(\.code) == [code], "\(written): \(diagnostics.map(\.message))")
        #expect(diagnostics.first?.message == message)
        if code != .wrongValueKind { #expect(diagnostics.first?.fixIts.isEmpty == true) }
    }

    /// An extent may subtract a constant after a percentage, but not after none at all.
    @Test func anExtentIsNegativeOnEveryScreenOnlyWithoutAPercentage() {
        func widthDiagnostics(_ width: String) -> [String] {
            Self.compile("""
                screen home { target row { leading: 16  width: \(width)  top: 0  height: 60 } }
                guide g { title: "G"  tour t on home { step row { highlight: row  title: "Row" } } }
                """).diagnostics.map(\.message)
        }
        #expect(widthDiagnostics("100% - 32 safe").isEmpty)
        #expect(widthDiagnostics("20% - 100").isEmpty, "negative on narrow screens only: for lint")
        #expect(widthDiagnostics("0% - 5") == ["the size must be at least 0, found 0% - 5"])
        #expect(widthDiagnostics("0% + 5").isEmpty)
        #expect(widthDiagnostics("110% - 20") == ["the percentage must be between 0 and 100, found 110%"])
    }

    /// `50% + 12.5` resolves to exactly half the base plus 12.5 on any width: no rounding, as
    /// Auto Layout's multiplier and constant.
    @Test(arguments: [(390.0, 0.0), (320.0, 0.0), (852.0, 59.0), (393.0, 0.0)])
    func aConstantResolvesExactlyOnEveryWidth(width: Double, inset: Double) {
        let screen = Screen(name: "test", id: "test", orientation: .portrait, width: width, height: 800,
                            safeArea: EdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset), isAndroid: false)
        let target = IRTarget(id: "login", frame: .constraints(
            horizontal: [IRConstraint(attribute: "leading", value: 16, unit: "points", relativeTo: "safeArea"),
                         IRConstraint(attribute: "trailing", value: 0.5, unit: "fractionPlusPoints", relativeTo: "safeArea", points: 12.5)],
            vertical: [IRConstraint(attribute: "top", value: 0, unit: "points", relativeTo: "screen"),
                       IRConstraint(attribute: "height", value: 1, unit: "fractionPlusPoints", relativeTo: "screen", points: -100)]))
        let frame = TargetLayout.frame(of: target, on: screen)
        let safeWidth = width - 2 * inset
        #expect(frame.minX == inset + 16)
        #expect(frame.maxX == inset + safeWidth / 2 - 12.5)
        #expect(frame.width == (safeWidth - 2 * 16 - 25) / 2)
        #expect(frame.height == 700)
    }

    /// Example 000's Login and SignUp, on every device in both orientations: 16 pt from the safe
    /// area's edges, 25 pt apart, the same width. The 53% they were approximated with before
    /// left a gap of 6% of the screen's width instead, 19.2 to 51.1 pt.
    @Test func exampleZeroButtonsAreExactOnEveryDevice() throws {
        let compilation = TestSupport.compile(["000-spotlight-onboarding.guide"], base: ExampleTests.examples)
        let screen = try #require(compilation.document?.guides.first?.screens.first { $0.id == "onboarding" })
        let login = try #require(screen.targets.first { $0.id == "login" })
        let signup = try #require(screen.targets.first { $0.id == "signup" })
        var screens = 0
        for device in DeviceCatalog.identifiers.compactMap(DeviceCatalog.device(id:)) {
            for orientation in Orientation.allCases {
                let screen = device.screen(orientation)
                let (left, right) = (TargetLayout.frame(of: login, on: screen), TargetLayout.frame(of: signup, on: screen))
                let safe = screen.safeBounds
                #expect(abs(left.minX - (safe.minX + 16)) < 1e-9 && abs(right.maxX - (safe.maxX - 16)) < 1e-9, "\(screen.name)")
                #expect(abs(right.minX - left.maxX - 25) < 1e-9, "\(screen.name): gap \(right.minX - left.maxX)")
                #expect(abs(left.width - right.width) < 1e-9, "\(screen.name)")
                screens += 1
            }
        }
        #expect(screens >= 20)
    }

    /// What lint says when a negative constant leaves a size no room on a screen, and only there.
    @Test func lintNamesTheSizeThatComesToNothing() throws {
        let compilation = Self.compile("""
            screen home { target bar { leading: 0  width: 20% - 100  top: 200  height: 44 } }
            guide g { title: "G"  tour t on home { step bar { highlight: bar  title: "Bar" } } }
            """)
        let document = try #require(compilation.document)
        let screens = ["iphone-se-3", "ipad-mini"].compactMap(DeviceCatalog.device(id:)).map { $0.screen(.portrait) }
        #expect(screens.count == 2)
        let findings = Linter.lint(document, options: Linter.Options(screens: screens, orientations: [.portrait]))
            .filter { $0.code == .targetOffScreen }
        #expect(findings.map(\.message) == ["target 'bar' of step 'bar' has no area: its width, 20% - 100, comes to 0 or less"])
        let notes = findings.flatMap(\.notes).joined(separator: "\n")
        #expect(notes.contains("on iPhone SE (3rd gen), portrait: 20% of the screen's 375 pt is 75 pt, and 75 − 100 is -25 pt"), "\(notes)")
        #expect(!notes.contains("iPad"), "the iPad is wide enough: \(notes)")
    }
}
