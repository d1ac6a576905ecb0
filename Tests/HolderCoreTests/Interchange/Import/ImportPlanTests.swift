import Foundation
import HolderCore
import PropertyBased
import Testing

@Suite struct ImportPlanTests {
  let created = Timestamp(millisecondsSince1970: 1_700_000_000_000)

  func candidate(_ entry: ImportEntry) throws -> ImportCandidate {
    try ImportPlanner.candidate(for: entry).get()
  }

  @Test func browserPagesAreSkippedAndBookmarkletsKept() throws {
    for url in ["place:sort=8", "about:config", "chrome://settings/", "edge://favorites"] {
      guard case .failure(.browserInternal) = ImportPlanner.candidate(for: ImportEntry(url: url))
      else {
        Issue.record("\(url) was not skipped as browser-internal")
        continue
      }
    }
    let script = try candidate(ImportEntry(url: "javascript:alert(document.title)"))
    #expect(script.url == "javascript:alert(document.title)")
    guard case .failure(.invalidURL) = ImportPlanner.candidate(for: ImportEntry(url: "")) else {
      Issue.record("an empty URL was accepted")
      return
    }
    let tracked = try candidate(ImportEntry(url: "HTTPS://Example.org/a?utm_source=x"))
    #expect(tracked.url == "https://example.org/a")
  }

  @Test func mergeUnitesTagsKeepsTheNoteAndFindsASecondImportUnchanged() throws {
    let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    let existing = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "Mine", note: "my note",
      tags: ["a"], created: created, lastModified: created.nextMillisecond)
    let imported = try candidate(
      ImportEntry(
        url: "https://example.org/", title: "Theirs", tags: ["b"], created: created,
        lastModified: created))
    let merged = try #require(ImportMerge.merge(existing: existing, candidate: imported, now: now))
    #expect(merged.tags == ["a", "b"])
    #expect(merged.note == "my note")
    #expect(merged.title == "Mine")
    #expect(merged.id == existing.id)
    #expect(merged.lastModified == now)
    #expect(ImportMerge.merge(existing: merged, candidate: imported, now: now) == nil)
  }

  /// A browser's `TAGS` value `science` against the store's folder `Science` is one tag: a
  /// second import of the file finds the bookmark unchanged (it used to be merged and restamped).
  @Test func aTagInAnotherCaseIsNotAChange() throws {
    let existing = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T",
      tags: ["science", "Science/Physics"], created: created, lastModified: created)
    let imported = try candidate(
      ImportEntry(
        url: "https://example.org/", title: "T", tags: ["Science", "science/physics"],
        created: created, lastModified: created))
    #expect(ImportMerge.merge(existing: existing, candidate: imported, now: created) == nil)
  }

  /// Law: importing the same entry twice changes the bookmark at most once, whatever the case
  /// of the tags on either side; and no tag of the store's bookmark is respelled.
  @Test func mergingTheSameEntryAgainChangesNothing() async {
    let tag = Gen<String?>.element(of: [
      "science", "Science", "SCIENCE", "dev/Swift", "Dev/swift", "읽기", "Ab/cD",
    ]).array(of: 0...4).map { $0.compactMap { $0 } }
    let created = created
    await propertyCheck(count: 300, input: tag, tag) { mine, theirs in
      let existing = Bookmark(
        id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T", tags: mine,
        created: created, lastModified: created)
      guard
        let imported = try? ImportPlanner.candidate(
          for: ImportEntry(url: "https://example.org/", title: "T", tags: theirs, created: created)
        ).get()
      else { return }
      let now = created.nextMillisecond.nextMillisecond
      let once = ImportMerge.merge(existing: existing, candidate: imported, now: now) ?? existing
      #expect(ImportMerge.merge(existing: once, candidate: imported, now: now) == nil)
      for kept in existing.tags { #expect(once.tags.contains(kept)) }
    }
  }

  @Test func aLaterImportedFieldWins() throws {
    let existing = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "Old", created: created,
      lastModified: created)
    let later = Timestamp(millisecondsSince1970: created.millisecondsSince1970 + 5000)
    let imported = try candidate(
      ImportEntry(url: "https://example.org/", title: "New", created: created, lastModified: later))
    let merged = ImportMerge.merge(existing: existing, candidate: imported, now: later)
    #expect(merged?.title == "New")
  }

  @Test func duplicatesJoinTagsAndKeepTheEarliestCreation() throws {
    var first = try candidate(
      ImportEntry(url: "https://example.org/", tags: ["a"], created: created.nextMillisecond))
    first.absorb(ImportEntry(url: "https://example.org/", note: "n", tags: ["b"], created: created))
    #expect(first.entry.tags == ["a", "b"])
    #expect(first.entry.note == "n")
    #expect(first.entry.created == created)
  }

  @Test func aDuplicateThatIsAFavouriteMakesTheBookmarkOne() throws {
    var first = try candidate(ImportEntry(url: "https://example.org/", tags: ["a"]))
    first.absorb(ImportEntry(url: "https://example.org/", favorite: true))
    #expect(first.entry.favorite == true)
    first.absorb(ImportEntry(url: "https://example.org/", favorite: false))
    #expect(first.entry.favorite == true)
  }

  @Test func formatIsDetectedFromTheContent() {
    #expect(ImportFormat.detect(Array("\u{FEFF} [\n]".utf8)) == .json)
    #expect(ImportFormat.detect(Array("[{\"url\": \"https://a.example\"}]".utf8)) == .json)
    #expect(ImportFormat.detect(Array("{\"url\":1}\n".utf8)) == .jsonl)
    #expect(ImportFormat.detect(Array("<!DOCTYPE NETSCAPE".utf8)) == .netscape)
    #expect(ImportFormat.detect(Array("# Bookmarks\n\n".utf8)) == .markdown)
    #expect(ImportFormat.detect(Array("- [a](https://a.example)\n".utf8)) == .markdown)
    #expect(ImportFormat.detect(Array("<html><body><dl><dt><a href=x>".utf8)) == .netscape)
    // None of the formats: nothing to guess.
    #expect(ImportFormat.detect([]) == nil)
    #expect(ImportFormat.detect(Array("myhost\n".utf8)) == nil)
    #expect(ImportFormat.detect(Array("<html><p>a page</p></html>".utf8)) == nil)
  }

  @Test func jsonRecordsImportWholeAndBrokenOnesAreReportedAlone() throws {
    let bookmark = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T", note: "n",
      tags: ["x/y"],
      favorite: true, created: created, lastModified: created, extra: ["mine": .number("1")])
    let object = String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self)
    let withPath = object.replacingOccurrences(
      of: "\n}", with: ",\n  \"path\": \"bookmarks/e/x.json\",\n  \"readableURL\": \"u\"\n}")
    let array = JSONImportReader.readJSON(Array("[\(withPath), 3]".utf8), file: "a.json")
    #expect(try array[0].get() == ImportEntry(bookmark: bookmark, line: 1))
    guard case .failure(.unreadable) = array[1] else {
      Issue.record("a number was read as a bookmark")
      return
    }
    let oneLine = object.replacingOccurrences(of: "\n", with: "")
    let lines = JSONImportReader.readJSONLines(
      Array("\(oneLine)\n\n{broken\n{\"url\": \"https://b.example/\", \"tags\": [\"t\"]}\n".utf8),
      file: "a.jsonl")
    #expect(lines.count == 3)
    #expect(try lines[0].get().id == bookmark.id)
    #expect(try lines[2].get().tags == ["t"])
    #expect(try lines[2].get().line == 4)
  }
}
