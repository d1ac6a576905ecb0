import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The offline scenario, shared by the convergence tests of every transport and the sync
/// laws: 200 changes on `store` — edits of shared bookmarks (titles, notes, URLs edited by
/// hand), deletions and new bookmarks tagged `device`.
///
/// With `renamingTags` (the default), two of the 200 are tag renames, one of them concurrent
/// with the other machine's, and 98 bookmarks are new: the shared bookmarks must carry the tags
/// `t0`…`t3`. Without, 100 are new. The random choices are the same either way.
func makeOfflineChanges(
  _ store: Store, device: String, renamingTags: Bool = true, rng: inout Xoshiro
) throws {
  var made = 0
  if renamingTags {
    // Both sides rename the same tag (concurrent renames) and one more of their own.
    _ = try store.renameTag("t0", to: "t0-\(device)")
    _ = try store.renameTag(device == "here" ? "t1" : "t2", to: "renamed-by-\(device)")
    made += 2
  }
  let shared = store.list().bookmarks.shuffled(using: &rng)
  for located in shared.prefix(100) {
    // One change in six is a deletion: below the mass-delete guard, as in real use.
    switch Int.random(in: 0..<6, using: &rng) {
    case 0:
      try store.remove(located.path)
    case 1:
      _ = try store.add(
        AddRequest(url: located.bookmark.url, title: device, updateExisting: true))
    case 2:
      // A URL edited by hand: `commit` moves the file to the new URL's path.
      let file = store.root + "/" + located.path
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try Data(
        text.replacingOccurrences(
          of: "\"url\": \"\(located.bookmark.url)\"",
          with: "\"url\": \"\(located.bookmark.url)/\(device)\""
        ).utf8
      ).write(to: URL(fileURLWithPath: file))
      _ = try store.commitHandEdits()
    default:
      _ = try store.add(
        AddRequest(url: located.bookmark.url, note: "note \(device)", updateExisting: true))
    }
    made += 1
  }
  for n in 0..<(200 - made) {
    _ = try store.add(AddRequest(url: "https://example.org/\(device)/\(n)", tags: [device]))
  }
}

/// Makes 200 offline changes on each machine, syncs here, there, and here again, and checks
/// both machines and the remote end identical, complete and clean.
func expectConvergence(
  _ fixture: StoreFixture, other: Store, otherPath: String, remote: String, rng: inout Xoshiro
) throws {
  try makeOfflineChanges(fixture.store, device: "here", rng: &rng)
  try makeOfflineChanges(other, device: "there", rng: &rng)
  let first = try fixture.store.sync()
  #expect(first.offline == nil, "\(first.offline ?? "")")
  #expect(first.pushed)
  let report = try other.sync()
  #expect(report.offline == nil, "\(report.offline ?? "")")
  #expect(report.kind == .merged)
  #expect(report.pushed)
  #expect(!report.resolutions.isEmpty)
  let last = try fixture.store.sync()
  #expect(last.kind == .fastForward)

  let here = try fixture.runGit("rev-parse", "HEAD^{tree}")
  let there = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: otherPath)
  let served = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: remote)
  #expect(here == there)
  #expect(here == served)
  #expect(try fixture.status() == "")
  #expect(try fixture.git.runGit(["status", "--porcelain"], in: otherPath) == "")
  let bookmarks = fixture.store.list().bookmarks
  // Each side added 98 new bookmarks of its own: none may be lost in the merge.
  for device in ["here", "there"] {
    #expect(bookmarks.filter { $0.bookmark.tags.contains(device) }.count == 98)
  }
  let tags = Set(bookmarks.flatMap(\.bookmark.tags))
  #expect(!tags.contains("t0"))
  #expect(tags.contains("renamed-by-here") && tags.contains("renamed-by-there"))
  for repository in [fixture.root, otherPath, remote] {
    try fixture.git.runGit(["fsck", "--strict"], in: repository)
  }
}
