/// Splits the byte stream a language client writes into messages: each is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ending in CRLF, then an empty line)
/// followed by N bytes of JSON. Bytes may arrive in any pieces. Header lines that end in a bare
/// LF are read too: a client that writes them would otherwise wait for an answer forever.
public struct MessageFramer {
    /// What the stream held next.
    public enum Frame: Equatable, Sendable {
        /// One message body.
        case message([UInt8])
        /// The stream cannot be read any further (a broken or oversized header); the reason.
        case broken(String)
    }

    /// The longest header block accepted.
    public static let maximumHeaderLength = 8 * 1024
    /// The largest body accepted: a whole guide file at the lexer's limit, escaped, with room.
    public static let maximumContentLength = 2 * Lexer.maximumFileSize + 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in bulk, not one by one).
    private var start = 0
    /// The body length once a header block has been read.
    private var pendingLength: Int?
    private var isBroken = false

    /// Creates an empty framer.
    public init() {}

    /// Adds bytes read from the client.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive. After `.broken`, always nil.
    public mutating func next() -> Frame? {
        guard !isBroken else { return nil }
        if pendingLength == nil {
            guard let (headerEnd, terminatorLength) = findHeaderEnd() else {
                if buffer.count - start > Self.maximumHeaderLength { return broken("a header longer than \(Self.maximumHeaderLength) bytes") }
                return nil
            }
            switch Self.contentLength(in: buffer[start..<headerEnd]) {
            case .length(let length): pendingLength = length
            case .broken(let reason): return broken(reason)
            }
            start = headerEnd + terminatorLength
        }
        guard let length = pendingLength, buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<(start + length)])
        start += length
        pendingLength = nil
        // Drop what was read once it is most of the buffer, so memory follows the unread part.
        if start > 65536 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return .message(body)
    }

    private mutating func broken(_ reason: String) -> Frame {
        isBroken = true
        buffer = []
        start = 0
        return .broken(reason)
    }

    /// The offset and length of the `\r\n\r\n` (or `\n\n`) that ends the header block.
    private func findHeaderEnd() -> (offset: Int, length: Int)? {
        var index = start
        let limit = min(buffer.count, start + Self.maximumHeaderLength + 4)
        while index + 1 < limit {
            if buffer[index] == 0x0A, buffer[index + 1] == 0x0A { return (index, 2) }
            if index + 3 < limit, buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return (index, 4)
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header block; other headers are ignored, as the protocol allows.
    private static func contentLength(in header: ArraySlice<UInt8>) -> HeaderReading {
        var length: Int?
        for line in header.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .broken("a header line without ':'")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            guard name == "content-length" else { continue }
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            let digits = value.prefix { $0 != 0x20 && $0 != 0x09 }
            guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  value.dropFirst(digits.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
                  let number = Int(String(decoding: digits, as: UTF8.self))
            else { return .broken("an invalid Content-Length") }
            guard number <= maximumContentLength else {
                return .broken("a message of \(number) bytes, more than the \(maximumContentLength) accepted")
            }
            length = number
        }
        guard let length else { return .broken("a header without Content-Length") }
        return .length(length)
    }

    /// What a header block says.
    private enum HeaderReading {
        case length(Int)
        case broken(String)
    }

    /// A message body with its header, as written to the client.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
