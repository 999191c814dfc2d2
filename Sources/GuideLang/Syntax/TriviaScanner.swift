/// Splits a trivia byte range into pieces; used by tools that need comments (formatter, editor).
enum TriviaScanner {
    static func pieces(_ bytes: [UInt8], in range: Range<Int>) -> [TriviaPiece] {
        var pieces: [TriviaPiece] = []
        var index = range.lowerBound
        let end = range.upperBound
        func at(_ position: Int) -> UInt8 { position < end ? bytes[position] : 0 }
        while index < end {
            let start = index
            let kind: TriviaKind
            switch bytes[index] {
            case 0xEF where index == 0:
                index += 3
                kind = .byteOrderMark
            case 0x0D:
                index += at(index + 1) == 0x0A ? 2 : 1
                kind = .newline
            case 0x0A:
                index += 1
                kind = .newline
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                kind = .lineComment
            case UInt8(ascii: "/"):
                // A block comment; the lexer has checked it, so it runs to its matching end or to
                // the end of the trivia.
                var depth = 0
                repeat {
                    if at(index) == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if at(index) == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while index < end && depth > 0
                kind = .blockComment
            default:
                while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0B || bytes[index] == 0x0C {
                    index += 1
                }
                if index == start { index += 1 }
                kind = .whitespace
            }
            pieces.append(TriviaPiece(kind: kind, range: start..<min(index, end)))
        }
        return pieces
    }
}
