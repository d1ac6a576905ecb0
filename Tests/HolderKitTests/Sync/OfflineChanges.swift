import Foundation
import HolderCore
import HolderKit
import PropertyBased

/// Issue 5's offline scenario, shared by the convergence tests of every transport: 200
/// changes on `store` — edits of shared bookmarks (titles, notes, URLs edited by hand),
/// deletions, concurrent tag renames and new bookmarks.
///
/// Expects the shared bookmarks to carry the tags `t0`…`t3`.
func makeOfflineChanges(_ store: Store, device: String, rng: inout Xoshiro) throws {
  var made = 0
  // Both sides rename the same tag (concurrent renames) and one more of their own.
  _ = try store.renameTag("t0", to: "t0-\(device)")
  _ = try store.renameTag(device == "here" ? "t1" : "t2", to: "renamed-by-\(device)")
  made += 2
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
