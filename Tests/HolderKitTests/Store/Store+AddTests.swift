import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreAddTests {
  @Test func addWritesOneCanonicalFileTwoTagLinksAndOneCommit() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add(
      "https://ko.wikipedia.org/wiki/서울", tags: ["여행", "places/asia"], note: "메모")
    let expectedURL = "https://ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8"
    #expect(located.bookmark.url == expectedURL)
    #expect(located.path == BookmarkPath.relativePath(forNormalizedURL: expectedURL))
    #expect(located.path.hasPrefix("bookmarks/k/ko.wikipedia.org/"))
    let bytes = try fixture.bytes(located.path)
    #expect(BookmarkCodec.isCanonical(bytes))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"note\": \"메모\""))
    #expect(text.contains("\"tags\": [\"places/asia\", \"여행\"]"))

    for tag in ["여행", "places/asia"] {
      let folder = fixture.root + "/tags/" + tag
      let links = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(links == [BookmarkPath.tagLinkName(forBookmarkPath: located.path)])
      let target = try FileManager.default.destinationOfSymbolicLink(
        atPath: folder + "/" + links[0])
      #expect(!target.hasPrefix("/"))
      let resolved = URL(fileURLWithPath: folder + "/" + links[0]).resolvingSymlinksInPath()
      #expect(resolved.path == fixture.root + "/" + located.path)
    }

    #expect(
      try fixture.subjects() == ["Add \"ko.wikipedia.org/wiki/서울\"", "Create bookmark store"])
    #expect(try fixture.changedPaths() == [located.path])
    #expect(try fixture.runGit("log", "-p", "-1").contains("\"note\": \"메모\""))
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func aURLSavedAlreadyIsRefusedAndShown() throws {
    let fixture = try StoreFixture()
    let first = try fixture.add("https://example.org/page", tags: ["a"])
    #expect {
      try fixture.store.add(AddRequest(url: "HTTPS://Example.org:443/page"))
    } throws: { error in
      guard case StoreError.bookmark(.alreadySaved(let bookmark, let path)) = error else {
        return false
      }
      return bookmark == first.bookmark && path == first.path
    }
    #expect(try fixture.subjects().count == 2)
  }

  @Test func updateMergesTagsAndNoteIntoTheSavedBookmark() throws {
    let fixture = try StoreFixture()
    let first = try fixture.add("https://example.org/page", tags: ["a"], note: "first")
    let outcome = try fixture.store.add(
      AddRequest(url: "example.org/page", tags: ["b"], note: "second", updateExisting: true))
    guard case .updated(let updated) = outcome else {
      Issue.record("expected an update, got \(outcome)")
      return
    }
    #expect(updated.bookmark.id == first.bookmark.id)
    #expect(updated.bookmark.tags == ["a", "b"])
    #expect(updated.bookmark.note == "first\n\nsecond")
    #expect(updated.bookmark.lastModified > first.bookmark.lastModified)
    #expect(try fixture.subjects().first == "Update \"example.org/page\"")
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/b"))
    #expect(try fixture.status() == "")
  }

  @Test func scriptLinksAreRefusedUnlessAskedFor() throws {
    let fixture = try StoreFixture()
    #expect {
      try fixture.store.add(AddRequest(url: "javascript:alert(1)"))
    } throws: { error in
      guard case StoreError.bookmark(.invalidURL(.unsafeScheme)) = error else { return false }
      return true
    }
    let saved = try fixture.store.add(AddRequest(url: "javascript:alert(1)", allowScript: true))
    guard case .added(let located) = saved else { return }
    #expect(located.bookmark.url == "javascript:alert(1)")
  }

  @Test func badTagsAreRefusedWithTheRule() throws {
    let fixture = try StoreFixture()
    for tag in ["a//b", "../etc", "/", "bell\u{7}"] {
      #expect {
        try fixture.store.add(AddRequest(url: "https://example.org/", tags: [tag]))
      } throws: { error in
        guard case StoreError.bookmark(.invalidTag) = error else { return false }
        return true
      }
    }
    #expect(try fixture.subjects().count == 1)
  }

  @Test func aTagTakesTheSpellingTheStoreAlreadyUses() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["Swift/Lang"])
    let second = try fixture.add("https://example.org/2", tags: ["swift/lang"])
    #expect(second.bookmark.tags == ["Swift/Lang"])
  }

  @Test func addNeverCommitsWhatTheUserStaged() throws {
    // What the user staged stays staged, so git's index differs from HEAD on purpose.
    let fixture = try StoreFixture(checksInvariants: false)
    let first = try fixture.add("https://example.org/one")
    let staged = try fixture.read(first.path).replacingOccurrences(
      of: "\"title\": \"example.org/one\"", with: "\"title\": \"Staged\"")
    try fixture.write(staged, to: first.path)
    try fixture.write("notes\n", to: "README.md")
    try fixture.runGit("add", first.path, "README.md")
    let second = try fixture.add("https://example.org/two")
    #expect(try fixture.changedPaths() == [second.path])
    let status = try fixture.status()
    #expect(status.contains("M  \(first.path)"))
    #expect(status.contains("A  README.md"))
    #expect(!status.contains(second.path))
  }

  @Test func addIsRefusedOnADetachedHeadOrDuringAMerge() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/one")
    try fixture.runGit("checkout", "-q", "--detach")
    #expect {
      try fixture.store.add(AddRequest(url: "https://example.org/two"))
    } throws: { error in
      guard case StoreError.write(.detachedHead) = error else { return false }
      return true
    }
    try fixture.runGit("checkout", "-q", "main")
    let head = try fixture.runGit("rev-parse", "HEAD").trimmingCharacters(
      in: .whitespacesAndNewlines)
    try fixture.write(head + "\n", to: ".git/MERGE_HEAD")
    #expect {
      try fixture.store.add(AddRequest(url: "https://example.org/two"))
    } throws: { error in
      guard case StoreError.write(.operationInProgress(.merge)) = error else { return false }
      return true
    }
  }

  @Test func reproducibleEnvironmentsGiveIdenticalObjectIDs() throws {
    func build() throws -> String {
      let fixture = try StoreFixture()
      try fixture.add("https://example.org/a", tags: ["x"])
      try fixture.add("https://ko.wikipedia.org/wiki/서울", note: "메모")
      return try fixture.runGit("rev-parse", "HEAD")
    }
    #expect(try build() == build())
  }
}
