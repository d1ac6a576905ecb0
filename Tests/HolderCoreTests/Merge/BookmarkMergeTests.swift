import Foundation
import HolderCore
import Testing

@Suite struct BookmarkMergeTests {
  let start = Timestamp(millisecondsSince1970: 1_763_716_443_000)

  /// Every combination of {title, note, favorite changed on ours, theirs, both, neither} ×
  /// {ours later, theirs later, same time}, with the expected winner of each field.
  @Test func everyCombinationOfChangedFieldsAndWhoIsLater() {
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "base", note: "base",
      tags: ["t"], created: start, lastModified: start)
    let sides = ["neither", "ours", "theirs", "both"]
    for titleSide in sides {
      for noteSide in sides {
        for later in ["ours", "theirs", "same"] {
          var ours = base
          var theirs = base
          ours.lastModified = Timestamp(
            millisecondsSince1970: start.millisecondsSince1970 + (later == "ours" ? 20 : 10))
          theirs.lastModified = Timestamp(
            millisecondsSince1970: start.millisecondsSince1970 + (later == "theirs" ? 20 : 10))
          if titleSide == "ours" || titleSide == "both" { ours.title = "ours" }
          if titleSide == "theirs" || titleSide == "both" { theirs.title = "theirs" }
          if noteSide == "ours" || noteSide == "both" { ours.note = "ours" }
          if noteSide == "theirs" || noteSide == "both" { theirs.note = "theirs" }
          let trace = "title \(titleSide), note \(noteSide), later \(later)"
          let result = BookmarkMerge.merge(base: base, ours: ours, theirs: theirs)
          let swapped = BookmarkMerge.merge(base: base, ours: theirs, theirs: ours)
          #expect(result.bookmark == swapped.bookmark, "\(trace): commutative")
          let winner = BookmarkMerge.wins(ours, over: theirs) ? "ours" : "theirs"
          let expectedTitle =
            titleSide == "neither" ? "base" : titleSide == "both" ? winner : titleSide
          let expectedNote = noteSide == "neither" ? "base" : noteSide == "both" ? winner : noteSide
          #expect(result.bookmark.title == expectedTitle, "\(trace)")
          #expect(result.bookmark.note == expectedNote, "\(trace)")
          #expect(result.bookmark.lastModified == max(ours.lastModified, theirs.lastModified))
          let conflicts = [titleSide, noteSide].filter { $0 == "both" }.count
          #expect(result.resolutions.count == conflicts, "\(trace)")
          if later != "same" { #expect(winner == later, "\(trace)") }
        }
      }
    }
  }

  @Test func aClockAnHourBehindStillLosesOnlyWhatItReallyChangedLater() {
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "base",
      created: start, lastModified: start)
    var fast = base
    fast.title = "from the fast clock"
    fast.lastModified = Timestamp(millisecondsSince1970: start.millisecondsSince1970 + 3_600_000)
    var slow = base
    slow.note = "from the slow clock"
    let slowNow = Timestamp(millisecondsSince1970: start.millisecondsSince1970 - 3_600_000)
    slow.lastModified = Timestamp.stamp(now: slowNow, previous: base.lastModified)
    let merged = BookmarkMerge.merge(base: base, ours: fast, theirs: slow).bookmark
    #expect(merged.title == "from the fast clock")
    #expect(merged.note == "from the slow clock")
    // Which clock is wrong cannot be told here: a stamp goes no further than 10 minutes past
    // the machine's own clock, so one clock far ahead does not carry every later edit.
    #expect(slow.lastModified == slowNow.aheadLimit)
  }

  @Test func tagsMergeAsASet() {
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "t",
      tags: ["keep", "drop-on-ours", "drop-on-theirs"], created: start, lastModified: start)
    var ours = base
    ours.tags = ["keep", "drop-on-theirs", "new-ours"]
    var theirs = base
    theirs.tags = ["keep", "drop-on-ours", "new-theirs"]
    let merged = BookmarkMerge.merge(base: base, ours: ours, theirs: theirs).bookmark
    #expect(merged.tags == ["keep", "new-ours", "new-theirs"])
  }
}
