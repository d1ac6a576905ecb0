import Foundation
import HolderCore
import Testing

/// A fixed id whose first byte is `n`.
func fixedID(_ n: UInt8) -> BookmarkID {
  BookmarkID(uuid: UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
}

@Suite struct BookmarkDiffTests {
  let id = fixedID(1)
  let other = fixedID(2)

  func bookmark(
    _ id: BookmarkID?, url: String = "https://swift.org/", title: String = "Swift.org",
    tags: [String] = ["reading"]
  ) -> Bookmark {
    Bookmark(
      id: id ?? BookmarkID(uuid: .init()), url: url, title: title, tags: tags,
      created: Timestamp(millisecondsSince1970: 0),
      lastModified: Timestamp(millisecondsSince1970: 0))
  }

  @Test func fieldChangesReadAsSentences() {
    let old = bookmark(id)
    var new = old
    new.title = "Swift"
    new.tags = ["dev/swift"]
    new.favorite = true
    new.lastModified = Timestamp(millisecondsSince1970: 5)
    let change = BookmarkChange(
      kind: .changed, before: old, after: new, fields: BookmarkDiff.fields(from: old, to: new))
    #expect(
      change.sentence
        == "Changed \"Swift\" — title: \"Swift.org\" → \"Swift\"; tags: +dev/swift −reading; favourite"
    )
  }

  @Test func bookkeepingAloneIsNoFieldChange() {
    let old = bookmark(id)
    var new = old
    new.lastModified = Timestamp(millisecondsSince1970: 99)
    #expect(BookmarkDiff.fields(from: old, to: new).isEmpty)
  }

  @Test func matchingByIdMakesAURLEditOneChange() {
    let old = bookmark(id)
    var moved = old
    moved.url = "https://www.swift.org/"
    let gone = bookmark(other, url: "https://example.org/", title: "Gone")
    let added = bookmark(nil, url: "https://example.com/", title: "New")
    let changes = BookmarkDiff.changes(before: [old, gone], after: [moved, added])
    #expect(changes.map(\.kind) == [.deleted, .added, .changed])
    #expect(
      changes.map(\.sentence) == [
        "Deleted \"Gone\"", "Added \"New\"",
        "Changed \"Swift.org\" — url: https://swift.org/ → https://www.swift.org/",
      ])
  }

  @Test func longAndMultiLineTextIsShortenedInSentences() {
    let old = bookmark(id)
    var new = old
    new.note = "첫 줄\n둘째 줄"
    let summary = BookmarkDiff.fields(from: old, to: new).map(\.summary)
    #expect(summary == ["note added"])
    var longer = new
    longer.note = String(repeating: "가", count: 60)
    #expect(
      BookmarkDiff.fields(from: new, to: longer).map(\.summary) == [
        "note: \"첫 줄…\" → \"" + String(repeating: "가", count: 39) + "…\""
      ])
  }
}
