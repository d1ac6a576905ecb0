import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreSyncTests {
  @Test func aSyncThatWouldDeleteMostBookmarksStopsUntilAllowed() throws {
    let fixture = try StoreFixture()
    for n in 0..<30 { try fixture.add("https://example.org/\(n)") }
    try fixture.addBareRemote()
    let otherStore = try fixture.cloneStore("other", start: StoreFixture.start)
    for n in 0..<25 { try otherStore.remove("https://example.org/\(n)") }
    _ = try otherStore.sync()
    let head = try fixture.runGit("rev-parse", "HEAD")
    #expect {
      try fixture.store.sync()
    } throws: { error in
      guard case StoreError.sync(.massDelete(let deleted, let total)) = error else { return false }
      return deleted == 25 && total == 30
    }
    #expect(try fixture.runGit("rev-parse", "HEAD") == head)
    #expect(fixture.store.list().bookmarks.count == 30)
    let report = try fixture.store.sync(SyncOptions(allowMassDelete: true))
    #expect(report.kind == .fastForward)
    #expect(fixture.store.list().bookmarks.count == 5)
    #expect(try fixture.status() == "")
  }

  @Test func aBrokenHandEditThatAnIncomingChangeTouchesStopsTheSyncWithNothingChanged() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/p", title: "P")
    try fixture.addBareRemote()
    let otherStore = try fixture.cloneStore("other", start: StoreFixture.start)
    _ = try otherStore.add(
      AddRequest(url: "https://example.org/p", title: "Q", updateExisting: true))
    _ = try otherStore.sync()
    try fixture.write("{ broken", to: located.path)
    let head = try fixture.runGit("rev-parse", "HEAD")
    #expect {
      try fixture.store.sync()
    } throws: { error in
      guard case StoreError.sync(.localChangesInTheWay(let path)) = error else { return false }
      return path == located.path
    }
    #expect(try fixture.read(located.path) == "{ broken")
    #expect(try fixture.runGit("rev-parse", "HEAD") == head)
  }

  @Test func theNewestSettledConflictsCanBeAskedForWithoutTheRest() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/p", title: "P")
    try fixture.addBareRemote()
    let otherStore = try fixture.cloneStore("other", start: StoreFixture.start)
    for round in 1...3 {
      _ = try otherStore.sync()
      _ = try otherStore.add(
        AddRequest(url: "https://example.org/p", title: "Other \(round)", updateExisting: true))
      _ = try otherStore.sync()
      _ = try fixture.store.add(
        AddRequest(url: "https://example.org/p", title: "Mine \(round)", updateExisting: true))
      _ = try fixture.store.sync()
    }
    let all = try fixture.store.conflicts()
    #expect(all.count == 3, "\(all.map(\.text))")
    #expect(try fixture.store.conflicts(limit: 2) == Array(all.prefix(2)))
    #expect(try fixture.store.conflicts(limit: 5) == all)
    #expect(try fixture.store.conflicts(limit: 0).isEmpty)
  }
}
