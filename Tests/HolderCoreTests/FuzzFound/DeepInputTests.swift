import HolderCore
import Testing

// Fuzz-found inputs for the pure readers: nesting deep enough to exhaust a recursive
// reader's stack is refused with a message, and tags deeper than a tag view can be are
// refused where tags come in.

@Suite struct DeepInputTests {
  static let deepJSON = Array(
    (String(repeating: "[", count: 100_000) + "1"
      + String(repeating: "]", count: 100_000)).utf8)

  @Test func jsonNestedAHundredThousandDeepIsRefusedWithTheLimit() {
    #expect {
      try JSONReader.read(Self.deepJSON, file: "deep.json")
    } throws: { error in
      "\(error)".contains("nested deeper than \(JSONReader.maximumDepth) levels")
    }
    #expect(throws: CodecError.self) { try BookmarkCodec.decode(Self.deepJSON, file: "d.json") }
    #expect(throws: CodecError.self) {
      try StoreSettingsCodec.decode(Self.deepJSON, file: "store.json")
    }
  }

  @Test func deepJSONImportsSayWhyInsteadOfCrashing() {
    let records = JSONImportReader.readJSON(Self.deepJSON, file: "deep.json")
    #expect(records.count == 1)
    guard case .failure(.unreadable(let message)) = records.first else {
      Issue.record("not refused: \(records)")
      return
    }
    #expect(message.contains("nested deeper than"))
    let lines = JSONImportReader.readJSONLines(Self.deepJSON + [0x0A] + Self.deepJSON, file: "d")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { if case .failure = $0 { true } else { false } })
  }

  @Test func aTagDeeperThanATagViewCanBeIsRefusedNamingTheLimit() throws {
    let deepest = (1...TagPath.maximumDepth).map { "t\($0)" }.joined(separator: "/")
    try TagPath.validateForFolder(deepest)
    let deeper = deepest + "/one-more"
    #expect(throws: TagPathError.tooDeep(tag: deeper, levels: 65)) {
      try TagPath.validateForFolder(deeper)
    }
    #expect(
      TagPathError.tooDeep(tag: deeper, levels: 65).reason
        == "it is nested deeper than the 64 levels a tag can have")
    // Reading a file keeps to the path rules only, so a hand-made deep tag stays readable.
    try TagPath.validate(deeper)
  }
}
