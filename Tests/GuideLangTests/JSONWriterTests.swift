import GuideIR
import Testing

/// The JSON writer's buffer: a document far past the capacity it was made with is written
/// whole, and handing it on in pieces loses and repeats no byte.
struct JSONWriterTests {
    static let long = String(repeating: "x", count: 10_000)

    static func write(_ writer: inout JSONWriter, flushingTo sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        writer.object { json in
            json.key("a")
            json.array { json in
                json.integer(Int.min)
                json.number(0.5)
                json.number(-12)
                json.bool(true)
                json.bool(false)
                json.null()
            }
            if let sink { json.flush(to: sink) }
            json.key("s"); json.string("q\"b\\c\n\u{1}\u{7F}é")
            json.dynamicKey("k\"")
            json.array { _ in }
            json.key("x"); json.object { _ in }
            if let sink { json.flush(to: sink) }
            json.key("long"); json.string(Self.long)
        }
        writer.finish()
    }

    @Test func aPrettyDocumentPastItsCapacityIsWrittenWhole() {
        var writer = JSONWriter(pretty: true, capacity: 1)
        Self.write(&writer)
        let expected = """
            {
              "a": [
                -9223372036854775808,
                0.5,
                -12,
                true,
                false,
                null
              ],
              "s": "q\\"b\\\\c\\n\\u0001\\u007fé",
              "k\\"": [],
              "x": {},
              "long": "\(Self.long)"
            }

            """
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(writer.byteCount == expected.utf8.count)
        #expect(writer.takeBytes() == Array(expected.utf8))
        #expect(writer.byteCount == 0 && writer.bytes.isEmpty)
    }

    @Test func aCompactDocumentFlushedInPiecesIsTheDocumentWrittenAtOnce() {
        var whole = JSONWriter(pretty: false, capacity: 8)
        Self.write(&whole)
        var pieces: [UInt8] = []
        var flushed = JSONWriter(pretty: false, capacity: 8)
        Self.write(&flushed) { pieces += $0 }
        flushed.flush { pieces += $0 }
        #expect(flushed.byteCount == 0)
        #expect(pieces == whole.bytes)
        #expect(String(decoding: whole.bytes, as: UTF8.self).hasPrefix(#"{"a":[-9223372036854775808,0.5,-12,true,false,null],"s":"#))
    }
}
