/// One reason a JSON document is not a guide IR document this reader can read: where (a JSON
/// path such as `$.guides[3].tours[0].steps[0].placement.side`) and what.
public struct IRReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class of a mistake, so that tools can tell them apart without reading messages.
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        /// The bytes are not JSON (or not UTF-8, or have text after the value).
        case notJSON
        /// The JSON nests arrays and objects deeper than the parser follows.
        case nestingTooDeep
        /// `format` is not `"guide-ir"`: some other JSON document.
        case wrongFormat
        /// `version` is one this reader does not read.
        case unsupportedVersion
        /// A value of the wrong JSON type (a string where a number belongs, ...).
        case wrongType
        /// A string outside its closed set (a side, a weight, a `kind`, ...).
        case unknownValue
        /// A required key is absent.
        case missingKey
        /// A key the format does not have.
        case unknownKey
        /// A key written twice in one object.
        case duplicateKey
        /// A number or a count outside its bounds.
        case outOfRange
        /// A string of the wrong form (an identifier, a colour, an empty key, ...).
        case invalidValue
        /// Values that contradict each other (a dark opacity without a dark colour, ...).
        case inconsistent
        /// An identifier used twice where it must be unique.
        case duplicateID
        /// A name that refers to nothing (a tour's screen, a step's target, ...).
        case unknownReference
    }

    /// The class of the mistake.
    public var kind: Kind
    /// Where: a JSON path from the document (`$`), in dot and bracket notation.
    public var path: String
    /// What is wrong, lowercase without a final period, saying what was expected and found.
    public var message: String

    /// The error as one line: `path: message`.
    public var description: String { "\(path): \(message)" }
}
