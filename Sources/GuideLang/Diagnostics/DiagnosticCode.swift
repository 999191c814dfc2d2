/// A stable diagnostic code such as `GL0101`: its identity outlives any change to wording.
///
/// Codes are never reused. Lexical codes are `GL00xx`, syntax `GL01xx`, names `GL02xx`,
/// properties and values `GL03xx`, frames `GL04xx`, ordering `GL05xx`, imports `GL06xx`,
/// strings `GL07xx`, unused declarations `GL08xx`, formatting `GL09xx`, layout lint `GL10xx`.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as printed, `GL` and four digits.
    public let id: String
    /// The severity diagnostics with this code have.
    public let severity: Severity
    /// A short kebab-case name for the rule, used as the SARIF rule name.
    public let name: String

    /// Creates a code.
    public init(_ id: String, _ severity: Severity, _ name: String) {
        self.id = id
        self.severity = severity
        self.name = name
    }

    /// The code as printed.
    public var description: String { id }

    public static func == (left: DiagnosticCode, right: DiagnosticCode) -> Bool { left.id == right.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension DiagnosticCode {
    // MARK: Lexical

    /// A byte sequence that is not UTF-8.
    public static let invalidUTF8 = DiagnosticCode("GL0001", .error, "invalid-utf8")
    /// A string without its closing quote.
    public static let unterminatedString = DiagnosticCode("GL0002", .error, "unterminated-string")
    /// A character that starts no token.
    public static let unexpectedCharacter = DiagnosticCode("GL0003", .error, "unexpected-character")
    /// A colour that is not `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public static let invalidColor = DiagnosticCode("GL0004", .error, "invalid-color")
    /// An unknown backslash escape in a string.
    public static let invalidEscape = DiagnosticCode("GL0005", .error, "invalid-escape")
    /// A block comment without its closing `*/`.
    public static let unterminatedComment = DiagnosticCode("GL0006", .error, "unterminated-comment")
    /// A multi-line string line indented less than its closing delimiter.
    public static let multilineIndentation = DiagnosticCode("GL0007", .error, "multiline-string-indentation")
    /// A token, string or file longer than guidec accepts.
    public static let limitExceeded = DiagnosticCode("GL0008", .error, "limit-exceeded")

    // MARK: Syntax

    /// Something that is neither a property nor a declaration where one was expected.
    public static let expectedMember = DiagnosticCode("GL0101", .error, "expected-member")
    /// A property with nothing after its colon.
    public static let expectedValue = DiagnosticCode("GL0102", .error, "expected-value")
    /// A block that is never closed.
    public static let unclosedBlock = DiagnosticCode("GL0103", .error, "unclosed-block")
    /// A closing bracket with nothing to close.
    public static let unexpectedClosing = DiagnosticCode("GL0104", .error, "unexpected-closing")
    /// `=` where the language uses `:`.
    public static let equalsInsteadOfColon = DiagnosticCode("GL0105", .error, "equals-instead-of-colon")
    /// A property name without its colon.
    public static let expectedColon = DiagnosticCode("GL0106", .error, "expected-colon")
    /// An argument list or list that is never closed.
    public static let unclosedParenthesis = DiagnosticCode("GL0107", .error, "unclosed-parenthesis")
    /// Blocks or values nested deeper than guidec accepts.
    public static let nestingTooDeep = DiagnosticCode("GL0108", .error, "nesting-too-deep")
    /// A token that cannot start or continue a value.
    public static let unexpectedToken = DiagnosticCode("GL0109", .error, "unexpected-token")

    // MARK: Declarations and names

    /// Two declarations of the same kind and name in one scope.
    public static let duplicateDeclaration = DiagnosticCode("GL0201", .error, "duplicate-declaration")
    /// A name that refers to nothing declared.
    public static let unknownReference = DiagnosticCode("GL0202", .error, "unknown-reference")
    /// A block keyword the language does not have.
    public static let unknownDeclaration = DiagnosticCode("GL0203", .error, "unknown-declaration")
    /// A known block in a place it cannot appear.
    public static let misplacedDeclaration = DiagnosticCode("GL0204", .error, "misplaced-declaration")
    /// A declaration that needs a name and has none.
    public static let missingName = DiagnosticCode("GL0205", .error, "missing-name")
    /// A declaration that takes no name (or no `on`) and has one.
    public static let unexpectedName = DiagnosticCode("GL0206", .error, "unexpected-name")

    // MARK: Properties and values

    /// A property name the block does not have.
    public static let unknownProperty = DiagnosticCode("GL0301", .error, "unknown-property")
    /// The same property set twice in one block.
    public static let duplicateProperty = DiagnosticCode("GL0302", .error, "duplicate-property")
    /// A value of the wrong kind, such as a number where a colour belongs.
    public static let wrongValueKind = DiagnosticCode("GL0303", .error, "wrong-value-kind")
    /// A number outside the range the property allows.
    public static let valueOutOfRange = DiagnosticCode("GL0304", .error, "value-out-of-range")
    /// A required property or member that is missing.
    public static let missingRequired = DiagnosticCode("GL0305", .error, "missing-required")
    /// A number with a unit the property does not take.
    public static let invalidUnit = DiagnosticCode("GL0306", .error, "invalid-unit")
    /// A word that is not one of the property's options.
    public static let unknownOption = DiagnosticCode("GL0307", .error, "unknown-option")
    /// Two properties that cannot be set together.
    public static let conflictingProperties = DiagnosticCode("GL0308", .error, "conflicting-properties")
    /// A style property that does not apply to what the style is used on.
    public static let inapplicableStyleProperty = DiagnosticCode("GL0309", .warning, "inapplicable-style-property")
    /// A `{placeholder}` in progress text that guidec does not know.
    public static let unknownPlaceholder = DiagnosticCode("GL0310", .error, "unknown-placeholder")

    // MARK: Frames

    /// An axis of a target frame with fewer than two constraints.
    public static let underconstrainedAxis = DiagnosticCode("GL0401", .error, "underconstrained-axis")
    /// An axis of a target frame with more than two constraints.
    public static let overconstrainedAxis = DiagnosticCode("GL0402", .error, "overconstrained-axis")
    /// An absolute `frame` mixed with edge constraints.
    public static let mixedFrame = DiagnosticCode("GL0403", .error, "mixed-frame")
    /// A target placed `in` a target that does not scroll.
    public static let notAScrollContainer = DiagnosticCode("GL0404", .error, "not-a-scroll-container")
    /// A scroll anchor on a target that is not in a scroll container.
    public static let anchorWithoutContainer = DiagnosticCode("GL0405", .error, "anchor-without-container")

    // MARK: Ordering

    /// `after` references that form a cycle.
    public static let orderCycle = DiagnosticCode("GL0501", .error, "order-cycle")
    /// Two steps with the same explicit `order`.
    public static let orderClash = DiagnosticCode("GL0502", .error, "order-clash")
    /// Styles that inherit from each other in a cycle.
    public static let styleCycle = DiagnosticCode("GL0503", .error, "style-cycle")

    // MARK: Imports

    /// An imported file that cannot be found.
    public static let importNotFound = DiagnosticCode("GL0601", .error, "import-not-found")
    /// Files that import each other.
    public static let importCycle = DiagnosticCode("GL0602", .error, "import-cycle")
    /// An `import` that is not at the top of the file.
    public static let misplacedImport = DiagnosticCode("GL0603", .error, "misplaced-import")
    /// An import that resolves outside the import root.
    public static let importOutsideRoot = DiagnosticCode("GL0604", .error, "import-outside-root")

    // MARK: Strings

    /// A string key that is missing from one or more locales.
    public static let missingTranslation = DiagnosticCode("GL0701", .error, "missing-translation")
    /// A default locale that no `locale` block defines, two different defaults, or several
    /// locales and no default.
    public static let invalidDefaultLocale = DiagnosticCode("GL0702", .error, "invalid-default-locale")
    /// Text keys used without any `strings` table.
    public static let missingStrings = DiagnosticCode("GL0703", .error, "missing-strings")

    // MARK: Unused

    /// A target that no step highlights and nothing places in it.
    public static let unusedTarget = DiagnosticCode("GL0801", .warning, "unused-target")
    /// A style that nothing uses.
    public static let unusedStyle = DiagnosticCode("GL0802", .warning, "unused-style")
    /// A string key that no text uses.
    public static let unusedString = DiagnosticCode("GL0803", .warning, "unused-string")
    /// A screen that no tour runs on.
    public static let unusedScreen = DiagnosticCode("GL0804", .warning, "unused-screen")

    // MARK: Formatting (`guidec fmt --check`)

    /// A file whose layout differs from what `guidec fmt` writes.
    public static let unformatted = DiagnosticCode("GL0901", .error, "unformatted")

    // MARK: Layout lint (`guidec lint`)

    /// A target that lies partly or wholly off the screen.
    public static let targetOffScreen = DiagnosticCode("GL1001", .error, "target-off-screen")
    /// A target under an unsafe area: notch, status bar, Dynamic Island or home indicator.
    public static let targetInUnsafeArea = DiagnosticCode("GL1002", .warning, "target-in-unsafe-area")
    /// A tip that fits on no side of its target.
    public static let tipDoesNotFit = DiagnosticCode("GL1003", .error, "tip-does-not-fit")
    /// A tip that covers its own cut-out or another highlighted target.
    public static let tipCoversTarget = DiagnosticCode("GL1004", .error, "tip-covers-target")
    /// Highlighted targets in one step whose cut-outs overlap.
    public static let highlightsOverlap = DiagnosticCode("GL1005", .warning, "highlights-overlap")
    /// Tip or page text that needs more lines than allowed.
    public static let tooManyLines = DiagnosticCode("GL1006", .warning, "too-many-lines")
    /// A target advanced by tapping it that is smaller than the minimum tap size.
    public static let tapTargetTooSmall = DiagnosticCode("GL1007", .warning, "tap-target-too-small")
    /// Text whose contrast against its background is below WCAG AA.
    public static let lowContrast = DiagnosticCode("GL1008", .warning, "low-contrast")
    /// An overlay too transparent for the cut-out to read as a spotlight.
    public static let overlayTooTransparent = DiagnosticCode("GL1009", .warning, "overlay-too-transparent")
    /// A highlighted target in a scroll container with no scroll anchor.
    public static let scrollTargetWithoutAnchor = DiagnosticCode("GL1010", .warning, "scroll-target-without-anchor")
    /// Page content taller than the page.
    public static let pageOverflow = DiagnosticCode("GL1011", .warning, "page-overflow")
    /// A guide that no screen of the run could lay out (its orientation rules them all out).
    public static let guideNotLinted = DiagnosticCode("GL1012", .warning, "guide-not-linted")

    /// Every code, in numeric order.
    public static let all: [DiagnosticCode] = [
        invalidUTF8, unterminatedString, unexpectedCharacter, invalidColor, invalidEscape,
        unterminatedComment, multilineIndentation, limitExceeded,
        expectedMember, expectedValue, unclosedBlock, unexpectedClosing, equalsInsteadOfColon,
        expectedColon, unclosedParenthesis, nestingTooDeep, unexpectedToken,
        duplicateDeclaration, unknownReference, unknownDeclaration, misplacedDeclaration,
        missingName, unexpectedName,
        unknownProperty, duplicateProperty, wrongValueKind, valueOutOfRange, missingRequired,
        invalidUnit, unknownOption, conflictingProperties, inapplicableStyleProperty,
        unknownPlaceholder,
        underconstrainedAxis, overconstrainedAxis, mixedFrame, notAScrollContainer,
        anchorWithoutContainer,
        orderCycle, orderClash, styleCycle,
        importNotFound, importCycle, misplacedImport, importOutsideRoot,
        missingTranslation, invalidDefaultLocale, missingStrings,
        unusedTarget, unusedStyle, unusedString, unusedScreen,
        unformatted,
        targetOffScreen, targetInUnsafeArea, tipDoesNotFit, tipCoversTarget, highlightsOverlap, tooManyLines,
        tapTargetTooSmall, lowContrast, overlayTooTransparent, scrollTargetWithoutAnchor, pageOverflow, guideNotLinted,
    ]

    /// Looks a code up by its printed form, ignoring case.
    public static func named(_ id: String) -> DiagnosticCode? {
        let wanted = id.uppercased()
        return all.first { $0.id == wanted }
    }
}
