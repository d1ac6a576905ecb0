import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreHistoryTests {
  @Test func aBookmarksWholeLifeIsFollowedAcrossAURLEditAndItsDeletion() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/old", title: "Page", tags: ["a"])
    try fixture.add("https://example.org/unrelated")
    let moved = try fixture.read(located.path).replacingOccurrences(
      of: "https://example.org/old", with: "https://example.org/new")
    try fixture.write(moved, to: located.path)
    _ = try fixture.store.commitHandEdits()
    try fixture.store.remove("https://example.org/new")

    let life = try fixture.store.history(HistoryFilter(bookmark: located.bookmark.id))
    #expect(
      life.flatMap(\.changes).map(\.sentence) == [
        "Deleted \"Page\"",
        "Changed \"Page\" — url: https://example.org/old → https://example.org/new",
        "Added \"Page\"",
      ])
    #expect(life.allSatisfy { $0.device == "test-device" })
    let all = try fixture.store.history()
    #expect(all.count == 5)
    #expect(all.last?.subject == "Create bookmark store")
    let commits = try fixture.runGit("log", "--format=%H").split(separator: "\n").map(String.init)
    #expect(all.map(\.commit) == commits)
  }

  @Test func filtersByTagDeviceAndTime() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["dev/swift"])
    try fixture.add("https://example.org/2", tags: ["news"])
    let dev = try fixture.store.history(HistoryFilter(tag: "dev"))
    #expect(dev.flatMap(\.changes).map(\.bookmark?.url) == ["https://example.org/1"])
    #expect(try fixture.store.history(HistoryFilter(device: "elsewhere")).isEmpty)
    let latest = try #require(try fixture.store.history().first)
    let recent = try fixture.store.history(HistoryFilter(since: latest.time))
    #expect(recent.map(\.commit) == [latest.commit])
  }

  @Test func diffShowsHandEditsAndChangesBetweenRevisions() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/1", title: "One")
    try fixture.add("https://example.org/2", title: "Two")
    let edited = try fixture.read(located.path).replacingOccurrences(
      of: "\"title\": \"One\"", with: "\"title\": \"Uno\"")
    try fixture.write(edited, to: located.path)
    let pending = try fixture.store.uncommittedChanges()
    #expect(pending.changes.map(\.sentence) == ["Changed \"Uno\" — title: \"One\" → \"Uno\""])
    #expect(try fixture.store.diff(from: "HEAD~1").map(\.sentence) == ["Added \"Two\""])
    #expect(
      try fixture.store.diff(from: "HEAD~2", to: "HEAD~1").map(\.sentence) == ["Added \"One\""])
    #expect {
      try fixture.store.diff(from: "nonsense")
    } throws: { error in
      guard case StoreError.history(.unknownRevision) = error else { return false }
      return true
    }
  }
}
