/// Reads a `GuideDocument` back from the JSON `IRJSONEmitter` writes (format `guide-ir`), and
/// validates it as docs/ir.md and docs/guide-ir.schema.json define: every key present, no
/// other keys, every value of its type, set and bounds, and the references between guides,
/// screens, targets and steps resolved. Errors are values with a JSON path, never a trap.
///
/// What the emitter writes reads back to a document that emits the same bytes.
public struct IRJSONReader {
    /// What to do with a key the format does not have.
    public enum UnknownKeys: Sendable {
        /// An error, as the schema says: the reader is then a validator.
        case reject
        /// Skipped, as docs/ir.md asks of players, so additive changes within a version read.
        case ignore
    }

    /// How strictly to read.
    public struct Options: Sendable {
        /// What to do with keys the format does not have.
        public var unknownKeys: UnknownKeys
        /// The most errors kept; the rest are only counted.
        public var maximumErrors: Int

        /// Creates options: strict by default, keeping the first 100 errors.
        public init(unknownKeys: UnknownKeys = .reject, maximumErrors: Int = 100) {
            self.unknownKeys = unknownKeys
            self.maximumErrors = max(1, maximumErrors)
        }
    }

    /// The format versions this reader reads.
    public static let readableVersions: [Int] = [GuideDocument.formatVersion]

    /// Reads a document from its bytes: the document, or every error found (up to the limit).
    public static func read(_ bytes: [UInt8], options: Options = Options()) -> Result<GuideDocument, IRReadFailure> {
        var reader = IRJSONReader(options: options)
        let root: JSONValue
        switch JSONParser.parse(bytes) {
        case .success(let value): root = value
        case .failure(let failure):
            let (line, column) = lineAndColumn(of: failure.offset, in: bytes)
            let place = "line \(line), column \(column)"
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                // Editors on Windows add one; say so rather than "unexpected character".
                reader.report(.notJSON, "not JSON: the file starts with a UTF-8 byte order mark, which JSON does not allow; save it without one")
            } else if failure.isNestingTooDeep {
                reader.report(.nestingTooDeep, "arrays and objects nest more than \(JSONParser.maximumDepth) deep at \(place), far deeper than a guide IR document ever does")
            } else {
                reader.report(.notJSON, "not JSON: \(failure.reason) at \(place)")
            }
            return .failure(reader.failure)
        }
        let document = reader.readDocument(root)
        if reader.errorCount == 0 { reader.checkReferences(document) }
        guard reader.errorCount == 0 else { return .failure(reader.failure) }
        return .success(document)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset, for JSON syntax errors.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar their lead byte started.
                column += 1
            }
        }
        return (line, column)
    }

    let options: Options
    /// Where the value being read is.
    var path = IRJSONPath()
    var errors: [IRReadError] = []
    var errorCount = 0
    /// Above zero while a placeholder is read for a value already reported missing or of the
    /// wrong type, so that it does not give errors of its own.
    var silence = 0
    /// The document's locales, which every localised text must have exactly.
    var locales: [String] = []

    init(options: Options) { self.options = options }

    var failure: IRReadFailure { IRReadFailure(errors: errors, totalCount: errorCount) }

    /// Records an error at the current path (or at the path with `component` added).
    mutating func report(_ kind: IRReadError.Kind, _ message: String, at component: IRJSONPath.Component? = nil) {
        guard silence == 0 else { return }
        errorCount += 1
        guard errors.count < options.maximumErrors else { return }
        var where_ = path
        if let component { where_.components.append(component) }
        errors.append(IRReadError(kind: kind, path: where_.text, message: message))
    }

    /// Records an error at a path given as text (the reference checks, which run on the model).
    mutating func report(_ kind: IRReadError.Kind, at path: String, _ message: String) {
        errorCount += 1
        guard errors.count < options.maximumErrors else { return }
        errors.append(IRReadError(kind: kind, path: path, message: message))
    }

    static let documentKeys = ["format", "version", "defaultLocale", "locales", "parameters", "frequency", "groups", "guides"]

    private mutating func readDocument(_ root: JSONValue) -> GuideDocument {
        let empty = GuideDocument(defaultLocale: nil, locales: [], guides: [])
        guard case .object = root else {
            report(.wrongType, "expected a guide IR document (a JSON object); found \(Self.describe(root))")
            return empty
        }
        // The format and the version come first: in any other document, every other key would
        // be an error of its own and bury the one that matters.
        guard let format = root["format"] else {
            report(.wrongFormat, "missing key \"format\": this is not a guide IR document (expected \"format\": \"guide-ir\")")
            return empty
        }
        guard format.stringValue == GuideDocument.formatName else {
            report(.wrongFormat, "expected \"guide-ir\"; found \(Self.describe(format)): this is not a guide IR document", at: .key("format"))
            return empty
        }
        let readable = Self.readableVersions.map(String.init).joined(separator: ", ")
        guard let versionValue = root["version"] else {
            report(.missingKey, "missing key \"version\" (this reader reads guide-ir version \(readable))")
            return empty
        }
        guard let version = versionValue.integerValue, Self.readableVersions.contains(version) else {
            let found = Self.describe(versionValue)
            if case .number = versionValue {
                // An older document is not read as if it were new: its steps and show rules mean other things.
                let older = versionValue.integerValue.map { $0 >= 1 && $0 < GuideDocument.formatVersion } ?? false
                report(.unsupportedVersion, "this reader reads guide-ir version \(readable); found version \(found)"
                       + (older ? " (written by an older guidec: build the guide again)" : ""), at: .key("version"))
            } else {
                report(.wrongType, "expected a version number (this reader reads guide-ir version \(readable)); found \(found)", at: .key("version"))
            }
            return empty
        }
        let fields = object(root, Self.documentKeys)
        var document = empty
        document.defaultLocale = member(fields, "defaultLocale") { $0.nullableString($1) }
        document.locales = member(fields, "locales") { reader, value in
            reader.array(value, unique: true) { $0.string($1) }
        }
        locales = document.locales
        checkLocales(document)
        document.rules = readRules(fields)
        document.guides = member(fields, "guides") { reader, value in reader.array(value) { $0.readGuide($1) } }
        return document
    }

    /// `defaultLocale` is null exactly when there are no locales, and otherwise the first.
    private mutating func checkLocales(_ document: GuideDocument) {
        if let defaultLocale = document.defaultLocale {
            if document.locales.isEmpty {
                report(.inconsistent, "\(LongText.quoted(defaultLocale)) is set but \"locales\" is empty", at: .key("defaultLocale"))
            } else if document.locales[0] != defaultLocale {
                report(.inconsistent, "expected the first of \"locales\", \(LongText.quoted(document.locales[0])); found \(LongText.quoted(defaultLocale))",
                       at: .key("defaultLocale"))
            }
        } else if !document.locales.isEmpty {
            report(.inconsistent, "expected no locales when \"defaultLocale\" is null; found \(document.locales.count)", at: .key("locales"))
        }
    }
}
