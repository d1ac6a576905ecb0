import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// The line `holder-git-fetch netscape` writes for each link reads back as the same item, to
/// the byte: a URL or title not in NFC, quotes, backslashes and control characters included.
struct NetscapeItemLineTests {
  static let items = Generator(
    run: { rng in
      let folderCount = Int.random(in: 0...3, using: &rng)
      var attributes: [String: String] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        attributes[RandomValues.text(&rng, maximumLength: 6)] = RandomValues.text(
          &rng, maximumLength: 30)
      }
      return NetscapeItem(
        href: RandomValues.text(&rng, maximumLength: 60),
        title: RandomValues.text(&rng, maximumLength: 40),
        description: RandomValues.text(&rng, maximumLength: 80),
        folders: (0..<folderCount).map { _ in RandomValues.text(&rng, maximumLength: 10) },
        attributes: attributes,
        systemFolders: Set((0..<folderCount).filter { _ in Bool.random(using: &rng) }),
        section: Bool.random(using: &rng) ? RandomValues.text(&rng, maximumLength: 12) : nil,
        line: Int.random(in: 0...1_000_000, using: &rng))
    }, shrink: { _ in Shrink.None<NetscapeItem>() })

  @Test func aLineReadsBackAsTheSameItemToTheByte() async {
    await propertyCheck(count: 1_000, input: Self.items) { item in
      let line = item.jsonLine
      #expect(!line.contains(0x0A))
      let read = NetscapeItem(jsonLine: line)
      #expect(read == item)
      // Swift compares strings by canonical equivalence: the bytes must be the same too.
      #expect(read.map { Array($0.href.utf8) } == Array(item.href.utf8))
      #expect(read.map { Array($0.title.utf8) } == Array(item.title.utf8))
      #expect(
        read.map { $0.folders.map { Array($0.utf8) } } == item.folders.map { Array($0.utf8) })
    }
  }

  @Test func aLineThatIsNoItemIsRefused() {
    for text in ["", "{}", "[1]", #"{"href":"x"}"#, "not json", #"{"href":1,"title":"","#] {
      #expect(NetscapeItem(jsonLine: Array(text.utf8)) == nil)
    }
  }
}
