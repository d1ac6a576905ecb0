import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The law behind `undo` and `redo`, over random histories: undoing k times gives the
/// bookmarks as they were k changes ago, and redoing them all gives the latest ones again
/// (every field but `lastModified`, which each step stamps anew).
@Suite struct UndoRedoLawTests {
  /// What a person sees of the store: every bookmark's fields but its times.
  private func state(_ fixture: StoreFixture) -> [String] {
    fixture.store.list().bookmarks.map { located in
      let bookmark = located.bookmark
      return [
        bookmark.url, bookmark.title, bookmark.note, bookmark.tags.joined(separator: ","),
        bookmark.favorite ? "★" : "",
      ].joined(separator: "|")
    }.sorted()
  }

  /// One random change through the library (it may change nothing: a tag no bookmark has).
  private func change(_ fixture: StoreFixture, _ rng: inout Xoshiro, step: Int) throws {
    let bookmarks = fixture.store.list().bookmarks
    let tags = ["a", "b", "a/x"]
    let pick = bookmarks.isEmpty ? nil : bookmarks[Int.random(in: 0..<bookmarks.count, using: &rng)]
    switch (Int.random(in: 0..<7, using: &rng), pick) {
    case (0, _), (1, nil):
      try fixture.add(
        "https://example.org/\(step)", title: "Page \(step)",
        tags: [tags[Int.random(in: 0..<tags.count, using: &rng)]])
    case (1, let pick?):
      _ = try fixture.store.edit(
        pick.path, BookmarkEdit(title: "Edited \(step)", note: "note \(step)"))
    case (2, let pick?):
      _ = try fixture.store.edit(pick.path, BookmarkEdit(addTags: ["t\(step)"]))
    case (3, let pick?):
      _ = try fixture.store.setFavorite([pick.path], to: !pick.bookmark.favorite)
    case (4, _):
      let paths = bookmarks.prefix(Int.random(in: 1...2, using: &rng)).map(\.path)
      if !paths.isEmpty { try fixture.store.remove(paths) }
    case (5, _):
      _ = try? fixture.store.renameTag("a", to: "r\(step)")
    default:
      _ = try? fixture.store.deleteTag("b")
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func undoingKTimesGoesBackKChangesAndRedoingComesBack(seed: UInt64) throws {
    var rng = Xoshiro(seed: (seed, seed + 10, seed + 20, seed + 30))
    let fixture = try StoreFixture()
    var states = [state(fixture)]
    for step in 0..<10 {
      let before = try fixture.runGit("rev-parse", "HEAD")
      try change(fixture, &rng, step: step)
      if try fixture.runGit("rev-parse", "HEAD") != before { states.append(state(fixture)) }
    }
    for back in 1..<states.count {
      try fixture.store.undo()
      #expect(state(fixture) == states[states.count - 1 - back], "after \(back) undos")
    }
    #expect(throws: StoreError.self) { try fixture.store.undo() }
    for forward in 1..<states.count {
      try fixture.store.redo()
      #expect(state(fixture) == states[forward], "after \(forward) redos")
    }
    #expect(throws: StoreError.self) { try fixture.store.redo() }
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }
}
