import Foundation
import HolderTestSupport
import Testing

/// Restoring a settled conflict brings back the one field that lost, from the side that lost
/// it, and keeps what the merge rightly united (tags from both sides).
@Suite struct RestoreOneFieldTests {
  typealias World = DeletionTimeTests.World

  /// The words of the `conflicts` hint after A and B both tag X and type a note.
  ///
  /// The side named `laterNote` types its note last; B syncs first, A makes the merge.
  private func conflict(_ w: World, laterNote: String) throws -> [String] {
    try w.shareX()
    let notes = ["a": "A's note", "b": "B's note"]
    let (earlier, later) = laterNote == "a" ? (w.b, w.a) : (w.a, w.b)
    for (store, time) in [(earlier, "00:01:00"), (later, "00:02:00")] {
      let name = URL(fileURLWithPath: store).lastPathComponent
      try w.run(
        store, at: time,
        [
          "edit", "https://x.example/", "--note", notes[name, default: ""], "--add-tag",
          "from-\(name)",
        ])
    }
    try w.run(w.b, at: "00:03:00", ["sync"])
    try w.run(w.a, at: "00:04:00", ["sync"])  // A merges: its own side is the first parent
    let listed = try w.binary.run(["conflicts", "--store", w.a]).stdout
    let hint = try #require(
      listed.split(separator: "\n").first { $0.contains("to restore the other value:") },
      "\(listed)")
    let command = hint.split(separator: ":", maxSplits: 1)[1]
    return command.split(separator: " ").map(String.init).dropFirst().map { $0 }
  }

  private func fields(_ w: World) throws -> [String: Any] {
    let shown = try w.binary.run(["show", "--store", w.a, "https://x.example/", "--json"])
    return try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  /// The losing note was the other side's, the merge's second parent; the first parent differs
  /// from the merge too (it lacks the other side's tag), which the restore used to pick:
  /// "restoring" this machine's own note and dropping the united tag.
  @Test(arguments: ["a", "b"])
  func theNoteThatLostComesBackAloneAndTheUnitedTagsStay(laterNote: String) throws {
    let w = try World()
    let words = try conflict(w, laterNote: laterNote)
    #expect(words.contains("--field") && words.contains("note"), "\(words)")
    let restored = try w.run(w.a, at: "00:05:00", words)
    #expect(restored.stderr.contains("Restored the note of"), "\(restored.stderr)")

    let after = try fields(w)
    let lost = laterNote == "a" ? "B's note" : "A's note"
    #expect(after["note"] as? String == lost, "\(after)")
    #expect(Set(after["tags"] as? [String] ?? []).isSuperset(of: ["from-a", "from-b"]), "\(after)")
    let subject = try w.binary.git.runGit(["log", "-1", "--format=%s"], in: w.a)
    #expect(subject.hasPrefix("Restore the note of"), "\(subject)")
  }

  @Test func aFieldOfADeletedBookmarkOrAnUnknownFieldIsRefusedSayingWhatToDo() throws {
    let w = try World()
    try w.shareX()
    let unknown = try w.binary.run([
      "restore", "--store", w.a, "https://x.example/", "--at", "HEAD", "--field", "colour",
    ])
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("'colour' is not a field"), "\(unknown.stderr)")
    try w.run(w.a, at: "00:01:00", ["rm", "https://x.example/"])
    let deleted = try w.binary.run([
      "restore", "--store", w.a, "https://x.example/", "--at", "HEAD~1", "--field", "note",
    ])
    #expect(deleted.status != 0)
    #expect(deleted.stderr.contains("restore it whole"), "\(deleted.stderr)")
  }
}
