@testable import GuideLang
import Testing

/// The block keywords, which the parser looks up for every word that may start a block.
struct DeclarationKindTests {
    /// They are matched on their bytes packed into a number: each spelling names its
    /// kind, and a word that differs by a byte, a prefix or an extension names none.
    @Test func everyBlockKeywordIsFoundFromItsBytes() {
        for kind in DeclarationKind.allCases {
            let bytes = Array(kind.rawValue.utf8)
            #expect(DeclarationKind(keyword: bytes[...]) == kind, "\(kind)")
            #expect(DeclarationKind(keyword: bytes.dropLast()) == nil || kind == .pages, "\(kind)")
            #expect(DeclarationKind(keyword: (bytes + [UInt8(ascii: "s")])[...]) == nil || kind == .page, "\(kind)")
            #expect(DeclarationKind(keyword: ([0] + bytes)[...]) == nil, "\(kind)")
            var changed = bytes
            changed[changed.count - 1] ^= 0x20
            #expect(DeclarationKind(keyword: changed[...]) == nil, "\(kind)")
            // A slice that does not start at index 0, as the parser's tokens are.
            #expect(DeclarationKind(keyword: (Array("x".utf8) + bytes).dropFirst()) == kind, "\(kind)")
        }
        #expect(DeclarationKind(keyword: Array("parametex".utf8)[...]) == nil)
        #expect(DeclarationKind(keyword: Array("tours".utf8)[...]) == nil)
        #expect(DeclarationKind(keyword: Array("x".utf8)[...]) == nil)
    }

    /// `mayContain`, which the parser and checker ask, says what `children` lists.
    @Test func mayContainAgreesWithChildren() {
        for parent in DeclarationKind.allCases {
            for child in DeclarationKind.allCases {
                #expect(parent.mayContain(child) == parent.children.contains(child), "\(parent) \(child)")
            }
        }
    }
}
