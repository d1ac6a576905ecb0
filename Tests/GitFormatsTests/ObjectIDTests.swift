import GitFormats
import Testing

@Suite struct ObjectIDTests {
  @Test func hexRoundTripsAndIsLowercase() throws {
    let id = try #require(ObjectID(hex: "4B825DC642CB6EB9A060E54BF8D69288FBEE4904"))
    #expect(id.hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
    #expect(id.description == id.hex)
    #expect(ObjectID(hex: id.hex) == id)
  }

  @Test(arguments: [
    "", "4b825dc", "4b825dc642cb6eb9a060e54bf8d69288fbee490",
    "4b825dc642cb6eb9a060e54bf8d69288fbee49044", "4b825dc642cb6eb9a060e54bf8d69288fbee490g",
    "4b825dc642cb6eb9a060e54bf8d69288fbee490é",
  ])
  func rejectsAnythingButFortyHexDigits(_ text: String) {
    #expect(ObjectID(hex: text) == nil)
  }

  @Test func ordersLikeItsHexSpelling() throws {
    let spellings = [
      "ffffffffffffffffffffffffffffffffffffffff", "0000000000000000000000000000000000000001",
      "0000000000000001000000000000000000000000", "0000000000000000000000000000000100000000",
      "0000000000000000000000000000000000000000", "8000000000000000000000000000000000000000",
      "00000000000000000000000000000000000000ff", "0000000000000000ff0000000000000000000000",
    ]
    let ids = try spellings.map { try #require(ObjectID(hex: $0)) }
    #expect(ids.sorted().map(\.hex) == spellings.sorted())
  }
}
