import Foundation
import HolderTestSupport
import Testing

/// Tags on two machines end as one: a tag renamed two ways becomes the later name everywhere,
/// with the conflict listed; a tag spelled in two cases becomes one spelling.
@Suite struct TagsAcrossMachinesTests {
  typealias World = DeletionTimeTests.World

  private func tagged(_ w: World, _ store: String, _ tag: String) throws -> Int {
    let listed = try w.binary.run(["list", "--store", store, "--tag", tag, "--json"])
    if listed.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return 0 }
    let array = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
    return array?.count ?? 0
  }

  /// A tag renamed two ways ends as the later name on every bookmark.
  ///
  /// A renames `dev` to `code`, B renames it to `programming` a minute later. A's bookmark
  /// saved with `dev` before its rename, never synced, used to stay `code` beside B's
  /// `programming`: the tag split in two.
  @Test func aTagRenamedTwoWaysEndsAsTheLaterRenameEverywhere() throws {
    let w = try World()
    for n in 1...3 {
      try w.run(w.a, at: "00:00:0\(n)", ["add", "https://x\(n).example/", "--tag", "dev"])
    }
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.run(w.a, at: "00:00:20", ["add", "https://offline.example/", "--tag", "dev/tools"])
    try w.run(w.a, at: "00:01:00", ["tag", "rename", "dev", "code"])
    try w.run(w.b, at: "00:02:00", ["tag", "rename", "dev", "programming"])
    for (store, time) in [(w.a, "00:03:00"), (w.b, "00:03:10"), (w.a, "00:03:20")] {
      try w.run(store, at: time, ["sync"])
    }
    for store in [w.a, w.b] {
      #expect(try tagged(w, store, "programming") == 4, "\(store)")
      #expect(try tagged(w, store, "code") == 0, "\(store)")
      let tags = try w.binary.run(["tags", "--store", store]).stdout
      #expect(!tags.contains("code"), "\(store): \(tags)")
    }
    let listed = try w.binary.run(["conflicts", "--store", w.b]).stdout
    #expect(listed.contains("tag 'dev' was renamed to 'programming'"), "\(listed)")
    let trees = try [w.a, w.b].map {
      try w.binary.git.runGit(["rev-parse", "HEAD^{tree}"], in: $0)
    }
    #expect(trees[0] == trees[1])
  }

  /// `Travel` saved on one machine and `travel` on another are one tag: one spelling, one
  /// folder under tags/, and `check` in order.
  @Test func tagsDifferingOnlyInCaseBecomeOneSpelling() throws {
    let w = try World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.run(w.a, at: "00:01:00", ["add", "https://kyoto.example/", "--tag", "Travel/Japan"])
    try w.run(w.b, at: "00:01:10", ["add", "https://osaka.example/", "--tag", "travel/japan"])
    try w.run(w.b, at: "00:01:20", ["add", "https://busan.example/", "--tag", "travel"])
    for (store, time) in [(w.a, "00:02:00"), (w.b, "00:02:10"), (w.a, "00:02:20")] {
      try w.run(store, at: time, ["sync"])
    }
    for store in [w.a, w.b] {
      let folders = try FileManager.default.contentsOfDirectory(atPath: store + "/tags")
      #expect(folders.count == 1, "\(store): \(folders)")
      let tags = try w.binary.run(["tags", "--store", store]).stdout
      let names = tags.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
      #expect(Set(names.map { $0.lowercased() }).count == names.count, "\(store): \(tags)")
      #expect(try w.binary.run(["check", "--store", store]).status == 0, "\(store)")
    }
  }
}
