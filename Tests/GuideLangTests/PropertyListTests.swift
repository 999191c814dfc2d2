import GuideIR
@testable import GuideLang
import Testing

/// A block's property list, whose lookups of names it does not hold are answered by a mask of
/// bits: every name of the schema is found exactly when it is held, whatever its bit shares.
struct PropertyListTests {
    static func entry(_ start: Int) -> DeclarationNode.PropertyEntry {
        .init(value: .number(Double(start)), nameRange: SourceRange(fileID: FileID(0), start: start, end: start + 1),
              valueStart: start, end: start + 1)
    }

    @Test func everyNameIsFoundExactlyWhenHeld() {
        let names = Array(Set(PropertySchema.all.map(\.name))).sorted()
        // Every third name held, so that held and missing names share bits of the mask.
        var list = DeclarationNode.PropertyList()
        for (index, name) in names.enumerated() where index % 3 == 0 { list[name] = Self.entry(index) }
        for (index, name) in names.enumerated() {
            #expect((list[name]?.nameRange.start) == (index % 3 == 0 ? index : nil), "\(name)")
        }
    }

    @Test func removingANameKeepsTheOthers() {
        var list = DeclarationNode.PropertyList()
        for (index, name) in ["gap", "gap-from", "gap-to", "padding"].enumerated() { list[name] = Self.entry(index) }
        list["gap-from"] = nil
        #expect(list["gap-from"] == nil)
        #expect(list["gap"]?.nameRange.start == 0)
        #expect(list["gap-to"]?.nameRange.start == 2)
        #expect(list["padding"]?.nameRange.start == 3)
        #expect(list.inOrder.map(\.name) == ["gap", "gap-to", "padding"])
        list["gap-from"] = Self.entry(9)
        #expect(list["gap-from"]?.nameRange.start == 9)
    }

    @Test func appendedNamesAreFoundThroughTheirBit() {
        var list = DeclarationNode.PropertyList()
        for (index, name) in ["gap", "gap-from", "padding"].enumerated() { list.append(name, Self.entry(index)) }
        for (index, name) in ["gap", "gap-from", "padding"].enumerated() {
            #expect(list.entry(name, bit: DeclarationNode.PropertyList.bit(of: name))?.nameRange.start == index, "\(name)")
            #expect(list[name]?.nameRange.start == index, "\(name)")
        }
        #expect(list.entry("gap-to", bit: DeclarationNode.PropertyList.bit(of: "gap-to")) == nil)
    }
}
