import GuideIR

/// Writes diagnostics as a SARIF 2.1.0 log (one run), the format code-scanning services such as
/// GitHub code scanning read; the output is deterministic and ends with a newline.
public enum SARIFRenderer {
    /// The key under `partialFingerprints` of the fingerprint each result carries; a new scheme
    /// gets a new version so that services never compare fingerprints of different schemes.
    public static let fingerprintKey = "guidecFingerprint/v2"

    private static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    private static let sarifVersion = "2.1.0"
    // A placeholder: the project has no public home yet. Replace it with the real URL once it has.
    private static let informationURI = "https://github.com/guidec/guidec"

    /// Renders the diagnostics as a pretty-printed SARIF log whose tool version is `toolVersion`;
    /// `notifications` (inputs that could not be read) make the run's invocation unsuccessful.
    public static func render(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile, toolVersion: String,
                              notifications: [ToolNotification] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        write(diagnostics, files: files, toolVersion: toolVersion, notifications: notifications) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes the same log as `render` to `sink` in chunks, so that a log of many results (10 MB
    /// for 1,000 files of junk) is never held whole, nor copied as its buffer grows.
    public static func write(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile, toolVersion: String,
                             notifications: [ToolNotification] = [], to sink: (UnsafeRawBufferPointer) -> Void) {
        let rules = ruleTable(for: diagnostics)
        let artifacts = ArtifactTable(diagnostics, files: files)
        let fingerprints = self.fingerprints(diagnostics, files: files)
        // The rules, with their explanations, take about 150 KB on their own: one chunk.
        var writer = JSONWriter(pretty: true, capacity: DiagnosticRenderer.chunkSize + 64 * 1024)
        writer.object { json in
            json.key("$schema"); json.string(schemaURI)
            json.key("version"); json.string(sarifVersion)
            json.key("runs"); json.array { json in
                json.object { json in
                    json.key("tool"); json.object { json in
                        json.key("driver"); json.object { json in
                            json.key("name"); json.string("guidec")
                            json.key("version"); json.string(toolVersion)
                            json.key("informationUri"); json.string(informationURI)
                            json.key("rules"); json.array { json in for code in rules.codes { writeRule(code, &json) } }
                        }
                    }
                    // An unread input is no result (it has no region to point at), but a run that
                    // missed a file must not look complete: SARIF's place for it is the invocation.
                    if !notifications.isEmpty {
                        json.key("invocations"); json.array { json in writeInvocation(notifications, &json) }
                    }
                    // SourceFile counts columns in Unicode scalars, which SARIF calls code points.
                    json.key("columnKind"); json.string("unicodeCodePoints")
                    // SARIF's default line breaks are CRLF and LF only; SourceFile also breaks lines at a
                    // lone CR, so say so, or line numbers after a lone CR would be read differently.
                    json.key("newlineSequences"); json.array { json in
                        json.string("\r\n"); json.string("\n"); json.string("\r")
                    }
                    json.key("artifacts"); json.array { json in
                        for artifact in artifacts.entries {
                            json.object { json in
                                json.key("location"); json.object { json in json.key("uri"); json.string(artifact.uri) }
                                json.key("length"); json.integer(artifact.length)
                            }
                        }
                    }
                    json.key("results"); json.array { json in
                        for (diagnostic, fingerprint) in zip(diagnostics, fingerprints) {
                            writeResult(diagnostic, ruleIndex: rules.index[diagnostic.code], fingerprint: fingerprint,
                                        artifacts: artifacts, files: files, &json)
                            if json.byteCount >= DiagnosticRenderer.chunkSize { json.flush(to: sink) }
                        }
                    }
                }
            }
        }
        writer.finish()
        writer.flush(to: sink)
    }

    // MARK: Invocation

    /// An invocation that did not succeed, with a notification of level `error` for each problem.
    private static func writeInvocation(_ notifications: [ToolNotification], _ json: inout JSONWriter) {
        json.object { json in
            json.key("executionSuccessful"); json.bool(false)
            json.key("toolExecutionNotifications"); json.array { json in
                for notification in notifications {
                    json.object { json in
                        json.key("level"); json.string("error")
                        json.key("message"); json.object { json in json.key("text"); json.string(notification.message) }
                        if let path = notification.path {
                            json.key("locations"); json.array { json in
                                json.object { json in
                                    json.key("physicalLocation"); json.object { json in
                                        json.key("artifactLocation"); json.object { json in json.key("uri"); json.string(uri(forPath: path)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Rules

    /// Every code in `DiagnosticCode.all` order, so rule indices never change between runs, then
    /// any code a diagnostic uses that is not in that list (in order of first use), so that every
    /// result still has a rule.
    private static func ruleTable(for diagnostics: [Diagnostic]) -> (codes: [DiagnosticCode], index: [DiagnosticCode: Int]) {
        var codes = DiagnosticCode.all
        var index: [DiagnosticCode: Int] = [:]
        for (position, code) in codes.enumerated() { index[code] = position }
        for diagnostic in diagnostics where index[diagnostic.code] == nil {
            index[diagnostic.code] = codes.count
            codes.append(diagnostic.code)
        }
        return (codes, index)
    }

    private static func writeRule(_ code: DiagnosticCode, _ json: inout JSONWriter) {
        let entry = DiagnosticExplanation.explanation(for: code)
        let markdown = DiagnosticExplanation.text(for: code)
        json.object { json in
            json.key("id"); json.string(code.id)
            json.key("name"); json.string(code.name)
            json.key("shortDescription"); json.object { json in json.key("text"); json.string(entry?.title ?? code.name) }
            json.key("fullDescription"); json.object { json in
                let explanation = entry?.explanation ?? code.name
                json.key("text"); json.string(explanation)
                // The catalog's explanations use Markdown code spans; viewers that render Markdown prefer this.
                json.key("markdown"); json.string(explanation)
            }
            json.key("help"); json.object { json in
                json.key("text"); json.string(markdown)
                json.key("markdown"); json.string(markdown)
            }
            json.key("defaultConfiguration"); json.object { json in json.key("level"); json.string(level(code.severity)) }
        }
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    // MARK: Results

    private static func writeResult(
        _ diagnostic: Diagnostic, ruleIndex: Int?, fingerprint: String, artifacts: ArtifactTable,
        files: (FileID) -> SourceFile, _ json: inout JSONWriter
    ) {
        json.object { json in
            json.key("ruleId"); json.string(diagnostic.code.id)
            if let ruleIndex { json.key("ruleIndex"); json.integer(ruleIndex) }
            json.key("level"); json.string(level(diagnostic.severity))
            json.key("message"); json.object { json in json.key("text"); json.string(diagnostic.detailedMessage) }
            json.key("locations"); json.array { json in
                json.object { json in
                    json.key("physicalLocation"); writePhysicalLocation(diagnostic.range, artifacts: artifacts, files: files, &json)
                }
            }
            if !diagnostic.labels.isEmpty {
                json.key("relatedLocations"); json.array { json in
                    for (index, label) in diagnostic.labels.enumerated() {
                        json.object { json in
                            json.key("id"); json.integer(index)
                            json.key("physicalLocation"); writePhysicalLocation(label.range, artifacts: artifacts, files: files, &json)
                            json.key("message"); json.object { json in json.key("text"); json.string(label.message) }
                        }
                    }
                }
            }
            // The schema requires the fixes of a result to be unique, and an identical edit twice is one edit.
            var fixIts: [Diagnostic.FixIt] = []
            for fixIt in diagnostic.fixIts where !fixIts.contains(fixIt) { fixIts.append(fixIt) }
            if !fixIts.isEmpty {
                json.key("fixes"); json.array { json in for fixIt in fixIts { writeFix(fixIt, artifacts: artifacts, files: files, &json) } }
            }
            if !diagnostic.suppressions.isEmpty {
                json.key("suppressions"); json.array { json in
                    // The schema requires a result's suppressions to be unique.
                    var written: [DiagnosticSuppression] = []
                    for suppression in diagnostic.suppressions where !written.contains(suppression) {
                        written.append(suppression)
                        writeSuppression(suppression, artifacts: artifacts, files: files, &json)
                    }
                }
            }
            json.key("partialFingerprints"); json.object { json in json.dynamicKey(fingerprintKey); json.string(fingerprint) }
        }
    }

    /// A suppression: where it is kept (`inSource` for an `allow` in a guide, with where it is
    /// written; `external` for `--allow`) and why, when the source says.
    private static func writeSuppression(
        _ suppression: DiagnosticSuppression, artifacts: ArtifactTable, files: (FileID) -> SourceFile, _ json: inout JSONWriter
    ) {
        json.object { json in
            json.key("kind"); json.string(suppression.kind.rawValue)
            if let justification = suppression.justification { json.key("justification"); json.string(justification) }
            if let range = suppression.range {
                json.key("location"); json.object { json in
                    json.key("physicalLocation"); writePhysicalLocation(range, artifacts: artifacts, files: files, &json)
                }
            }
        }
    }

    private static func writeFix(_ fixIt: Diagnostic.FixIt, artifacts: ArtifactTable, files: (FileID) -> SourceFile, _ json: inout JSONWriter) {
        json.object { json in
            json.key("description"); json.object { json in json.key("text"); json.string(fixIt.message) }
            json.key("artifactChanges"); json.array { json in
                json.object { json in
                    json.key("artifactLocation"); writeArtifactLocation(fixIt.range.fileID, artifacts: artifacts, &json)
                    json.key("replacements"); json.array { json in
                        json.object { json in
                            json.key("deletedRegion"); writeRegion(fixIt.range, in: files(fixIt.range.fileID), &json)
                            json.key("insertedContent"); json.object { json in json.key("text"); json.string(fixIt.replacement) }
                        }
                    }
                }
            }
        }
    }

    private static func writePhysicalLocation(
        _ range: SourceRange, artifacts: ArtifactTable, files: (FileID) -> SourceFile, _ json: inout JSONWriter
    ) {
        json.object { json in
            json.key("artifactLocation"); writeArtifactLocation(range.fileID, artifacts: artifacts, &json)
            json.key("region"); writeRegion(range, in: files(range.fileID), &json)
        }
    }

    private static func writeArtifactLocation(_ fileID: FileID, artifacts: ArtifactTable, _ json: inout JSONWriter) {
        // Every file a diagnostic mentions is in the table, so the fallback is never taken.
        let index = artifacts.index[fileID] ?? 0
        json.object { json in
            json.key("uri"); json.string(artifacts.entries[index].uri)
            json.key("index"); json.integer(index)
        }
    }

    /// A region with both line and column (1-based, end exclusive as SARIF defines it) and byte
    /// positions, so that a consumer can use whichever it trusts.
    private static func writeRegion(_ range: SourceRange, in file: SourceFile, _ json: inout JSONWriter) {
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        json.object { json in
            json.key("startLine"); json.integer(start.line)
            json.key("startColumn"); json.integer(start.column)
            json.key("endLine"); json.integer(end.line)
            json.key("endColumn"); json.integer(end.column)
            json.key("byteOffset"); json.integer(start.offset)
            json.key("byteLength"); json.integer(end.offset - start.offset)
        }
    }

    // MARK: Artifacts

    /// The files the diagnostics mention, each once, in load order, with their URIs.
    private struct ArtifactTable {
        var entries: [(uri: String, length: Int)] = []
        var index: [FileID: Int] = [:]

        init(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile) {
            var mentioned = Set<FileID>()
            for diagnostic in diagnostics {
                mentioned.insert(diagnostic.range.fileID)
                for label in diagnostic.labels { mentioned.insert(label.range.fileID) }
                for fixIt in diagnostic.fixIts { mentioned.insert(fixIt.range.fileID) }
                for suppression in diagnostic.suppressions { if let range = suppression.range { mentioned.insert(range.fileID) } }
            }
            var indexByURI: [String: Int] = [:]
            for fileID in mentioned.sorted() {
                let file = files(fileID)
                let uri = SARIFRenderer.uri(forPath: file.path)
                // The schema requires artifacts to be unique: two IDs for one path share an entry.
                if let existing = indexByURI[uri] {
                    index[fileID] = existing
                    continue
                }
                indexByURI[uri] = entries.count
                index[fileID] = entries.count
                entries.append((uri, file.bytes.count))
            }
        }
    }

    /// A path as a URI reference: a relative path stays relative (percent-encoded), an absolute
    /// one becomes a `file://` URI.
    private static func uri(forPath path: String) -> String {
        if path.hasPrefix("/") {
            return "file://" + percentEncoded(path, keepingColons: true)
        }
        // In a relative reference a colon in the first segment would read as a scheme ("c:x.guide").
        return percentEncoded(path, keepingColons: false)
    }

    /// Percent-encodes every byte except RFC 3986 unreserved characters, sub-delimiters, `@` and
    /// `/` (and `:` when asked), so that spaces, `%`, `#`, `?` and non-ASCII text survive.
    private static func percentEncoded(_ path: String, keepingColons: Bool) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            let isKept: Bool
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                isKept = true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
                isKept = true
            case UInt8(ascii: ":"):
                isKept = keepingColons
            default:
                isKept = false
            }
            if isKept {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Fingerprints

    /// One fingerprint per diagnostic: FNV-1a 64 of the code, the path, the message and the hash of
    /// the trimmed text of the primary line (never a line number, so edits above a problem keep its
    /// identity), then `:n` for the n-th result with that hash, so that identical problems stay
    /// distinct. Each line is hashed once however many results it holds, so a very long line with
    /// thousands of problems costs its length once, not once per problem.
    private static func fingerprints(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile) -> [String] {
        var occurrences: [UInt64: Int] = [:]
        var lineHashes: [LineKey: UInt64] = [:]
        return diagnostics.map { diagnostic in
            let file = files(diagnostic.range.fileID)
            let line = file.lineIndex(of: max(0, min(diagnostic.range.start, file.bytes.count)))
            let key = LineKey(fileID: diagnostic.range.fileID, line: line)
            let lineHash = lineHashes[key] ?? {
                var hash = FowlerNollVoHash()
                hash.combine(trimmedLine(line, in: file))
                lineHashes[key] = hash.value
                return hash.value
            }()
            var hash = FowlerNollVoHash()
            hash.combine(diagnostic.code.id.utf8)
            hash.combine(file.path.utf8)
            hash.combine(diagnostic.message.utf8)
            hash.combine((0..<8).map { UInt8(truncatingIfNeeded: lineHash >> ($0 * 8)) })
            let value = hash.value
            let occurrence = occurrences[value, default: 0] + 1
            occurrences[value] = occurrence
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + ":" + String(occurrence)
        }
    }

    /// One line of one file, the unit whose text a fingerprint hashes.
    private struct LineKey: Hashable {
        var fileID: FileID
        var line: Int
    }

    /// The bytes of a 0-based line, without surrounding spaces and tabs, so that re-indenting a
    /// line does not change its fingerprint.
    private static func trimmedLine(_ line: Int, in file: SourceFile) -> ArraySlice<UInt8> {
        let range = file.lineRange(line)
        var line = file.bytes[range]
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        while let first = line.first, isBlank(first) { line = line.dropFirst() }
        while let last = line.last, isBlank(last) { line = line.dropLast() }
        return line
    }

    /// 64-bit FNV-1a; fields are separated by a zero byte so that ("ab", "c") and ("a", "bc") differ.
    private struct FowlerNollVoHash {
        private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
        private var isFirstField = true

        mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            if !isFirstField { add(0) }
            isFirstField = false
            for byte in bytes { add(byte) }
        }

        private mutating func add(_ byte: UInt8) {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }
}
