/// Conversions between the `file:` URIs a language client names documents by and paths.
public enum DocumentURI {
    /// The path of a `file:` URI (percent-decoded), or nil for any other scheme or a URI that
    /// does not decode to UTF-8.
    public static func path(of uri: String) -> String? {
        let prefix = "file://"
        guard uri.hasPrefix(prefix) else { return nil }
        var rest = Array(uri.utf8.dropFirst(prefix.utf8.count))
        // `file://host/path`: only the local host (empty or `localhost`) names a file here.
        if rest.first != UInt8(ascii: "/") {
            guard rest.starts(with: Array("localhost/".utf8)) else { return nil }
            rest.removeFirst("localhost".utf8.count)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(rest.count)
        var index = 0
        while index < rest.count {
            let byte = rest[index]
            if byte == UInt8(ascii: "%"), index + 2 < rest.count, let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        // A NUL would cut the path short at the system boundary.
        guard !decoded.contains(0) else { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path, percent-encoding every byte but unreserved ones and `/`.
    public static func uri(ofPath path: String) -> String {
        var text = "file://"
        if !path.hasPrefix("/") { text += "/" }
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return text + String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
