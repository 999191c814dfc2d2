/// The UTF-8 byte order mark that some editors write at the start of a file: a guide, a
/// scenario and a frames file accept one (JSON itself does not, so the IR reader refuses it).
public enum ByteOrderMark {
    /// The mark's bytes.
    public static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `input` with a leading byte order mark replaced by three spaces: JSON whitespace, so the
    /// parser reads the rest and every offset it reports is still the file's own.
    public static func blanked(_ input: [UInt8]) -> [UInt8] {
        guard input.starts(with: bytes) else { return input }
        var blanked = input
        for index in 0..<bytes.count { blanked[index] = UInt8(ascii: " ") }
        return blanked
    }
}
