import HolderCore
import Testing

@Suite struct TagTests {
  @Test(arguments: ["reading", "dev/swift", "여행/서울", "a b/ c ", "...", ".hidden/x", "🗼"])
  func acceptsTagPaths(tag: String) {
    #expect(TagPath.isValid(tag))
  }

  @Test(arguments: [
    ("", TagPathError.emptySegment(tag: "")),
    ("/dev", .emptySegment(tag: "/dev")),
    ("dev/", .emptySegment(tag: "dev/")),
    ("dev//swift", .emptySegment(tag: "dev//swift")),
    (".", .dotSegment(tag: ".", segment: ".")),
    ("dev/../etc", .dotSegment(tag: "dev/../etc", segment: "..")),
    ("a\u{1B}[31m", .controlCharacter(tag: "a\u{1B}[31m")),
    ("a\nb", .controlCharacter(tag: "a\nb")),
    ("a\u{7F}", .controlCharacter(tag: "a\u{7F}")),
    ("a\u{9B}", .controlCharacter(tag: "a\u{9B}")),
  ])
  func refusesWhatCannotBeAFolderUnderTags(tag: String, error: TagPathError) {
    #expect(throws: error) { try TagPath.validate(tag) }
    #expect(!TagPath.isValid(tag))
  }

  @Test func explainsWhatIsWrong() {
    #expect(TagPathError.emptySegment(tag: "a//b").reason == "a segment is empty")
    #expect(TagPathError.dotSegment(tag: "..", segment: "..").reason == "a segment is '..'")
    #expect(TagPathError.controlCharacter(tag: "\n").reason == "it contains a control character")
  }

  @Test func aSegmentMustFitAFolderNameWhereTagsComeIn() throws {
    let fits = "dev/" + String(repeating: "é", count: 127) + "x"  // 255 bytes
    try TagPath.validateForFolder(fits)
    let long = "dev/" + String(repeating: "é", count: 128)  // 256 bytes
    #expect(throws: TagPathError.segmentTooLong(tag: long, bytes: 256)) {
      try TagPath.validateForFolder(long)
    }
    // Reading a file keeps to the path rules only.
    try TagPath.validate(long)
    #expect(
      TagPathError.segmentTooLong(tag: long, bytes: 256).reason
        == "a segment is 256 bytes in UTF-8, over the 255 a folder name can hold")
  }
}
