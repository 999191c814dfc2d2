import Foundation
import GuideLang
import Testing

/// The parts of a SARIF log the tests look at.
struct CIFormatSARIFLog: Decodable {
    struct Run: Decodable {
        var tool: Tool
        var columnKind: String
        var artifacts: [Artifact]
        var results: [Result]
    }

    struct Tool: Decodable {
        var driver: Driver
    }

    struct Driver: Decodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    struct Rule: Decodable {
        struct Configuration: Decodable { var level: String }
        var id: String
        var name: String
        var defaultConfiguration: Configuration
    }

    struct Artifact: Decodable {
        struct Location: Decodable { var uri: String }
        var location: Location
        var length: Int
    }

    struct Message: Decodable { var text: String }

    struct Region: Decodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
        var byteOffset: Int
        var byteLength: Int
    }

    struct ArtifactLocation: Decodable {
        var uri: String
        var index: Int
    }

    struct PhysicalLocation: Decodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct Location: Decodable {
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct Fix: Decodable {
        struct Change: Decodable {
            var artifactLocation: ArtifactLocation
            var replacements: [Replacement]
        }

        struct Replacement: Decodable {
            var deletedRegion: Region
            var insertedContent: Message
        }

        var description: Message
        var artifactChanges: [Change]
    }

    struct Result: Decodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]
        var fixes: [Fix]
        var partialFingerprints: [String: String]

        var fingerprint: String { partialFingerprints[SARIFRenderer.fingerprintKey] ?? "" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ruleId = try container.decode(String.self, forKey: .ruleId)
            ruleIndex = try container.decode(Int.self, forKey: .ruleIndex)
            level = try container.decode(String.self, forKey: .level)
            message = try container.decode(Message.self, forKey: .message)
            locations = try container.decode([Location].self, forKey: .locations)
            // Empty lists are left out of the log.
            relatedLocations = try container.decodeIfPresent([Location].self, forKey: .relatedLocations) ?? []
            fixes = try container.decodeIfPresent([Fix].self, forKey: .fixes) ?? []
            partialFingerprints = try container.decode([String: String].self, forKey: .partialFingerprints)
        }

        private enum CodingKeys: String, CodingKey {
            case ruleId, ruleIndex, level, message, locations, relatedLocations, fixes, partialFingerprints
        }
    }

    var version: String
    var runs: [Run]

    static func decode(_ bytes: [UInt8]) throws -> CIFormatSARIFLog {
        try JSONDecoder().decode(CIFormatSARIFLog.self, from: Data(bytes))
    }
}
