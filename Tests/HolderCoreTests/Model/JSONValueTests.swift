import HolderCore
import Testing

@Suite struct JSONValueTests {
  @Test func objectsAreEqualWhateverTheMemberOrder() {
    #expect(
      JSONValue.object([("a", .null), ("b", .bool(true))])
        == .object([("b", .bool(true)), ("a", .null)]))
    #expect(JSONValue.object([("a", .null)]) != .object([("a", .bool(false))]))
  }

  @Test func objectKeysCompareByCanonicalEquivalence() {
    // NFD "é" sorts before "f", NFC "é" after it: equality must not depend on that.
    let decomposed = JSONValue.object([("e\u{301}", .number("1")), ("f", .number("2"))])
    let composed = JSONValue.object([("f", .number("2")), ("\u{E9}", .number("1"))])
    #expect(decomposed == composed)
    #expect(Set([decomposed, composed]).count == 1)
  }
}
