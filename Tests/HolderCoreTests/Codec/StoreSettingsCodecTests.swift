import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct StoreSettingsCodecTests {
  private func decode(_ text: String) throws(CodecError) -> StoreSettings {
    try StoreSettingsCodec.decode(Array(text.utf8), file: ".holder/store.json")
  }

  @Test func rewritesTheGoldenFileByteForByte() throws {
    let bytes = try Fixtures.bytes("codec/store.json")
    let settings = try StoreSettingsCodec.decode(bytes, file: "store.json")
    #expect(settings.formatVersion == 1)
    #expect(settings.tagOrder == ["reading", "dev/swift", "여행"])
    #expect(settings.tagRenames.map(\.to) == ["apple/ios", "dev/swift"])
    #expect(settings.tagRenames[1].extra == ["by": .string("laptop")])
    #expect(settings.extra == ["theme": .string("dark")])
    #expect(
      String(decoding: StoreSettingsCodec.encode(settings), as: UTF8.self)
        == String(decoding: bytes, as: UTF8.self))
    #expect(StoreSettingsCodec.isCanonical(bytes))
  }

  @Test func writesANewStoresSettings() {
    let settings = StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))
    #expect(
      String(decoding: StoreSettingsCodec.encode(settings), as: UTF8.self) == """
        {
          "formatVersion": 2,
          "tagOrder": [],
          "tagRenames": [],
          "lastModified": "1970-01-01T00:00:00.000Z"
        }

        """)
  }

  @Test func readsMissingListsAsEmptyAndANewerVersionAsNotWritable() throws {
    let settings = try decode(#"{"lastModified": "2026-01-01T00:00:00Z", "formatVersion": 3}"#)
    #expect(settings.tagOrder.isEmpty)
    #expect(settings.tagRenames.isEmpty)
    #expect(settings.formatVersion == 3)
    #expect(!settings.isWritable)
  }

  @Test(arguments: [
    (#"{"lastModified": "2026-01-01T00:00:00Z"}"#, 1, 1, "missing key \"formatVersion\""),
    (#"{"formatVersion": 1}"#, 1, 1, "missing key \"lastModified\""),
    (
      #"{"formatVersion": 1.0, "lastModified": "x"}"#, 1, 19,
      "expected a positive integer for \"formatVersion\""
    ),
    (
      #"{"formatVersion": 1, "tagOrder": ["a", "../b"], "lastModified": "x"}"#, 1, 40,
      "invalid tag \"../b\": a segment is '..'"
    ),
    (
      #"{"formatVersion": 1, "tagRenames": [{"from": "a", "at": "2026-01-01T00:00:00Z"}]}"#,
      1, 37, "missing key \"to\""
    ),
    (
      #"{"formatVersion": 1, "tagRenames": [{"from": "a", "to": "", "at": "x"}]}"#, 1, 57,
      "invalid tag \"\": a segment is empty"
    ),
    (#"{"formatVersion": 1, "tagRenames": [1]}"#, 1, 37, "expected an object for \"tagRenames\""),
  ])
  func reportsAFileOfTheWrongShapeAtTheValue(
    text: String, line: Int, column: Int, message: String
  ) {
    #expect(
      throws: CodecError.content(
        file: ".holder/store.json", line: line, column: column, message: message)
    ) {
      try decode(text)
    }
  }

  @Test func decodingWhatWasEncodedGivesTheSameSettings() async {
    await propertyCheck(count: 300, input: Gen.storeSettings) { settings in
      let bytes = StoreSettingsCodec.encode(settings)
      let decoded = try StoreSettingsCodec.decode(bytes, file: "s.json")
      #expect(decoded == settings)
      #expect(StoreSettingsCodec.isCanonical(bytes))
    }
  }

  @Test func mutatedFilesDecodeOrThrowACodecError() async {
    let files = Gen.storeSettings.map(StoreSettingsCodec.encode)
    await propertyCheck(count: 300, input: Gen.mutated(files)) { mutated in
      if let settings = try? StoreSettingsCodec.decode(mutated, file: "m.json") {
        let reread = try StoreSettingsCodec.decode(StoreSettingsCodec.encode(settings), file: "m")
        #expect(reread == settings)
      }
    }
  }
}
