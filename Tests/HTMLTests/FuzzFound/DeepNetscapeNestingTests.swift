import HTML
import HolderCore
import Testing

// Fuzz-found inputs: Netscape files whose folders nest thousands deep. Mutated files made
// `import --dry-run` run past 10 s (the cost grew with the square of the depth), and an import
// at 5,000 levels made a tag view that `check --fix` could not make.

@Suite struct DeepNetscapeNestingTests {
  /// `depth` folders inside each other, a link in every one.
  static func nested(depth: Int) -> [UInt8] {
    var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
    for level in 1...depth {
      text +=
        "<DT><H3>f\(level)</H3>\n<DL><p>\n<DT><A HREF=\"https://example.org/\(level)\">L</A>\n"
    }
    text += String(repeating: "</DL><p>\n", count: depth + 1)
    return Array(text.utf8)
  }

  func entries(_ bytes: [UInt8]) -> [ImportEntry] {
    var entries: [ImportEntry] = []
    NetscapeReader.read(bytes) { entries.append($0.entry(options: FolderOptions())) }
    return entries
  }

  /// The links of `bytes` and the most folders any of them carried.
  func read(_ bytes: [UInt8]) -> (links: Int, deepest: Int) {
    var links = 0
    var deepest = 0
    NetscapeReader.read(bytes) { item in
      links += 1
      deepest = max(deepest, item.folders.count)
    }
    return (links, deepest)
  }

  @Test func tenThousandLevelsAreReadInLinearTime() {
    let clock = ContinuousClock()
    var small = (links: 0, deepest: 0)
    var large = (links: 0, deepest: 0)
    let smallTime = clock.measure { small = read(Self.nested(depth: 1_000)) }
    let largeTime = clock.measure { large = read(Self.nested(depth: 10_000)) }
    #expect(small.links == 1_000)
    #expect(large.links == 10_000)
    #expect(large.deepest == NetscapeReader.keptFolders)
    // Ten times the depth: about ten times the time when linear, a hundred when quadratic.
    #expect(largeTime < smallTime * 40, "1,000 levels: \(smallTime), 10,000: \(largeTime)")
  }

  @Test func linksWithinTheTagDepthKeepTheirFoldersAndDeeperOnesAreRefusedWithTheLimit() throws {
    let entries = entries(Self.nested(depth: 200))
    let deepest = try #require(entries.first { $0.url == "https://example.org/64" })
    #expect(deepest.tags == [(1...64).map { "f\($0)" }.joined(separator: "/")])
    try TagPath.validateForFolder(deepest.tags[0])
    let deeper = try #require(entries.first { $0.url == "https://example.org/65" })
    #expect(throws: TagPathError.self) { try TagPath.validateForFolder(deeper.tags[0]) }
    // Every link still comes out, however deep, with a tag the import refuses.
    let last = try #require(entries.last)
    #expect(last.url == "https://example.org/200")
    #expect(throws: TagPathError.self) { try TagPath.validateForFolder(last.tags[0]) }
  }

  @Test func linksAfterADeepBranchAreInTheirOwnFolderAgain() throws {
    var bytes = Self.nested(depth: 500)
    bytes += Array(
      "<DL><p><DT><H3>after</H3><DL><p><DT><A HREF=\"https://example.org/after\">A</A></DL></DL>"
        .utf8)
    let after = try #require(entries(bytes).first { $0.url == "https://example.org/after" })
    #expect(after.tags == ["after"])
  }
}
