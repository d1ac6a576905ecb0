import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

@Suite struct MergeDriverTests {
  @Test func aFileThatCannotBeReadIsAConflictAndOursIsLeftAsItWas() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("{ broken", to: "base")
    try scratch.write("{ \"ours\": ", to: "ours")
    try scratch.write("{}", to: "theirs")
    let outcome = MergeDriver.run(
      base: scratch.path("base"), ours: scratch.path("ours"), theirs: scratch.path("theirs"),
      path: "bookmarks/e/example.org/x.json")
    #expect(outcome.exitCode == 1)
    #expect(try String(contentsOfFile: scratch.path("ours"), encoding: .utf8) == "{ \"ours\": ")
  }

  @Test func storeSettingsMergeTheirTagOrderAndRenames() throws {
    let scratch = try ScratchDirectory()
    let start = Timestamp(millisecondsSince1970: 1_763_716_443_000)
    let base = StoreSettings(tagOrder: ["a", "b"], lastModified: start)
    var ours = base
    ours.tagOrder = ["b", "a"]
    ours.tagRenames = [StoreSettings.TagRename(from: "x", to: "y", at: start)]
    var theirs = base
    theirs.tagOrder = ["a", "b", "c"]
    try scratch.write(StoreSettingsCodec.encode(base), to: "base")
    try scratch.write(StoreSettingsCodec.encode(ours), to: "ours")
    try scratch.write(StoreSettingsCodec.encode(theirs), to: "theirs")
    let outcome = MergeDriver.run(
      base: scratch.path("base"), ours: scratch.path("ours"), theirs: scratch.path("theirs"),
      path: ".holder/store.json")
    #expect(outcome == .merged(resolutions: 0))
    let merged = try StoreSettingsCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("ours")))), file: "ours")
    #expect(Set(merged.tagOrder) == ["a", "b", "c"])
    #expect(merged.tagRenames.map(\.to) == ["y"])
  }

  /// Versions of one link's file as two machines edit it: one save edited apart, or the link
  /// saved anew under another id on one side.
  private static func versions(_ rng: inout RandomSource) -> (base: Bookmark, [Bookmark]) {
    var base = RandomValues.bookmark(&rng)
    base.url = "https://example.org/a"
    let sides = (0..<2).map { _ in
      var side = base
      if Int.random(in: 0..<4, using: &rng) == 0 {
        side = RandomValues.bookmark(&rng)
        side.url = base.url
      }
      if Bool.random(using: &rng) { side.title = RandomValues.text(&rng, maximumLength: 20) }
      if Bool.random(using: &rng) { side.note = RandomValues.text(&rng, maximumLength: 40) }
      if Bool.random(using: &rng) { side.tags.append(RandomValues.tag(&rng)) }
      side.lastModified = max(side.lastModified, RandomValues.timestamp(&rng))
      return side
    }
    return (base, sides)
  }

  @Test func twoMachinesPullingTheSameFileGetTheSameBytes() throws {
    var rng: RandomSource = Xoshiro(seed: (41, 42, 43, 44))
    let path = "bookmarks/e/example.org/a.json"
    for _ in 0..<300 {
      let (base, sides) = Self.versions(&rng)
      let baseBytes = Bool.random(using: &rng) ? BookmarkCodec.encode(base) : nil
      let one = MergeDriver.merge(
        base: baseBytes, ours: BookmarkCodec.encode(sides[0]),
        theirs: BookmarkCodec.encode(sides[1]), path: path)
      let other = MergeDriver.merge(
        base: baseBytes, ours: BookmarkCodec.encode(sides[1]),
        theirs: BookmarkCodec.encode(sides[0]), path: path)
      let merged = try one.get().bytes
      #expect(merged == (try other.get().bytes))
      // Two saves of the link that share no history: neither decided against the other, so
      // every tag of both stays.
      if baseBytes == nil && sides[0].id != sides[1].id {
        let tags = Set(try BookmarkCodec.decode(merged, file: path).tags.map(Bookmark.tagKey))
        #expect(tags.isSuperset(of: sides.flatMap(\.tags).map(Bookmark.tagKey)))
      }
    }
  }

  @Test func theDriverMergesAFileAsSyncMergesTheStoresHoldingIt() throws {
    var rng: RandomSource = Xoshiro(seed: (51, 52, 53, 54))
    let path = "bookmarks/e/example.org/a.json"
    let settings = StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))
    for _ in 0..<300 {
      let (base, sides) = Self.versions(&rng)
      let driver = try MergeDriver.merge(
        base: BookmarkCodec.encode(base), ours: BookmarkCodec.encode(sides[0]),
        theirs: BookmarkCodec.encode(sides[1]), path: path
      ).get()
      let sync = StoreMerge.merge(
        base: MergeSide(bookmarks: [base], settings: settings),
        ours: MergeSide(bookmarks: [sides[0]], settings: settings),
        theirs: MergeSide(bookmarks: [sides[1]], settings: settings))
      #expect(sync.bookmarks.map(BookmarkCodec.encode) == [driver.bytes])
    }
  }

  @Test func twoLinksInOneFileAreAConflictAndOursIsLeftAsItWas() throws {
    let scratch = try ScratchDirectory()
    let start = Timestamp(millisecondsSince1970: 1_763_716_443_000)
    // Both sides added the file (no base); one side's link was changed by hand in place.
    let ours = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/b", title: "B", created: start,
      lastModified: start)
    var theirs = ours
    theirs.id = BookmarkID(uuid: UUID())
    theirs.url = "https://example.org/a"
    theirs.note = "kept"
    try scratch.write("", to: "base")
    try scratch.write(BookmarkCodec.encode(ours), to: "ours")
    try scratch.write(BookmarkCodec.encode(theirs), to: "theirs")
    let outcome = MergeDriver.run(
      base: scratch.path("base"), ours: scratch.path("ours"), theirs: scratch.path("theirs"),
      path: "bookmarks/e/example.org/a.json")
    guard case .conflict(let reason) = outcome else {
      Issue.record("merged two links into one file: \(outcome)")
      return
    }
    #expect(reason.contains("different links"))
    let left = try String(contentsOfFile: scratch.path("ours"), encoding: .utf8)
    #expect(left == String(decoding: BookmarkCodec.encode(ours), as: UTF8.self))
  }
}
