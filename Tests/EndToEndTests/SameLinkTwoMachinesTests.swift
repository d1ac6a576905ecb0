import Foundation
import HolderTestSupport
import Testing

/// The same link saved on two machines before either synced: the two saves join as `dedupe`
/// joins them, so nothing either person typed is lost, whichever saved last.
@Suite struct SameLinkTwoMachinesTests {
  typealias World = DeletionTimeTests.World

  private let link = "https://shared.example.jp/記事"

  /// The bookmark's fields on `store`, as `show --json` gives them.
  private func shown(_ w: World, _ store: String) throws -> [String: Any] {
    let shown = try w.binary.run(["show", "--store", store, link, "--json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    return try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  /// A and C each have a copy of the store; A saved `start`.
  private func twoMachines() throws -> World {
    let w = try World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.c, at: "00:00:10")
    return w
  }

  private func syncBoth(_ w: World) throws {
    for (store, time) in [(w.a, "00:05:00"), (w.c, "00:05:10"), (w.a, "00:05:20")] {
      try w.run(store, at: time, ["sync"])
    }
  }

  /// A save that set only a tag does not wipe the note, title and star of the other save.
  ///
  /// A saves the link with a tag, a note, a title and a star; C saves it offline with only a
  /// tag, later or earlier. It used to wipe the note, the title and the star everywhere
  /// (`conflicts`: `note: kept "" … over "Aのメモ"`).
  @Test(arguments: [false, true])
  func aLaterBareSaveDoesNotWipeWhatTheEarlierOneTyped(bareSaveFirst: Bool) throws {
    let w = try twoMachines()
    let typed = [
      "add", link, "--tag", "A태그", "--note", "Aのメモ", "--title", "A's title",
      "--favorite", "--no-fetch",
    ]
    let bare = ["add", link, "--tag", "C태그", "--no-fetch"]
    if bareSaveFirst {
      try w.run(w.c, at: "00:01:00", bare)
      try w.run(w.a, at: "00:02:00", typed)
    } else {
      try w.run(w.a, at: "00:01:00", typed)
      try w.run(w.c, at: "00:02:00", bare)
    }
    try syncBoth(w)

    for store in [w.a, w.c] {
      let fields = try shown(w, store)
      #expect(fields["note"] as? String == "Aのメモ", "\(store): \(fields)")
      #expect(fields["title"] as? String == "A's title", "\(store): \(fields)")
      #expect(fields["favorite"] as? Bool == true, "\(store): \(fields)")
      #expect(Set(fields["tags"] as? [String] ?? []) == ["A태그", "C태그"], "\(store): \(fields)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.c]).stdout
    #expect(!conflicts.contains("kept"), "nothing lost, so nothing to restore: \(conflicts)")
    #expect(conflicts.contains("saved twice"), "\(conflicts)")
  }

  /// Both typed a note: both notes are kept, the earlier save's first.
  ///
  /// Two typed titles are a conflict the later one wins, listed with the way back.
  @Test func twoTypedNotesAreBothKeptAndTwoTitlesAreAConflict() throws {
    let w = try twoMachines()
    try w.run(w.a, at: "00:01:00", ["add", link, "--note", "from A", "--title", "A", "--no-fetch"])
    try w.run(w.c, at: "00:02:00", ["add", link, "--note", "from C", "--title", "C", "--no-fetch"])
    try syncBoth(w)

    for store in [w.a, w.c] {
      let fields = try shown(w, store)
      #expect(fields["note"] as? String == "from A\n\nfrom C", "\(store): \(fields)")
      #expect(fields["title"] as? String == "C", "\(store): \(fields)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.a]).stdout
    #expect(conflicts.contains("title: kept \"C\""), "\(conflicts)")
    #expect(!conflicts.contains("note:"), "\(conflicts)")
  }

  /// Saved on both machines, the link then changed on one: one bookmark, at the new link.
  ///
  /// C saves the link with a tag; A saves it with a title, then changes its link. Synced
  /// (either machine first), the old link used to come back beside the new one as C's save;
  /// now C's save joins A's, at A's new link, with both tags and A's title.
  @Test(arguments: [false, true])
  func aSaveWhoseLinkTheOtherMachineChangedSinceJoinsIt(changerSyncsFirst: Bool) throws {
    let w = try twoMachines()
    let moved = "https://shared.example.jp/新しい記事"
    try w.run(w.c, at: "00:01:00", ["add", link, "--tag", "C태그", "--no-fetch"])
    try w.run(
      w.a, at: "00:02:00", ["add", link, "--tag", "A태그", "--title", "A's title", "--no-fetch"])
    try w.run(w.a, at: "00:03:00", ["edit", link, "--url", moved])
    let order = changerSyncsFirst ? [w.a, w.c, w.a] : [w.c, w.a, w.c]
    for (store, time) in zip(order, ["00:05:00", "00:05:10", "00:05:20"]) {
      try w.run(store, at: time, ["sync"])
    }

    for store in [w.a, w.c] {
      let old = try w.binary.run(["show", "--store", store, link])
      #expect(old.status != 0, "\(store): the old link came back: \(old.stdout)")
      let shown = try w.binary.run(["show", "--store", store, moved, "--json"])
      let fields =
        try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
      #expect(fields["title"] as? String == "A's title", "\(store): \(fields)")
      #expect(Set(fields["tags"] as? [String] ?? []) == ["A태그", "C태그"], "\(store): \(fields)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.c]).stdout
    #expect(conflicts.contains("saved twice"), "\(conflicts)")
    #expect(!conflicts.contains("kept"), "nothing lost, so nothing to restore: \(conflicts)")
  }

  /// A link changed away before the other machine saved it: that later save is its own
  /// bookmark, and a link changed away and then deleted takes the older save with it.
  @Test func aSaveAfterTheOtherMachineChangedItsLinkStaysAndADeletionAfterOneDoesNot() throws {
    let w = try twoMachines()
    let moved = "https://shared.example.jp/新しい記事"
    let gone = "https://gone.example/"
    try w.run(w.a, at: "00:01:00", ["add", link, "--no-fetch"])
    try w.run(w.a, at: "00:02:00", ["edit", link, "--url", moved])
    try w.run(w.c, at: "00:03:00", ["add", link, "--tag", "later", "--no-fetch"])
    try w.run(w.c, at: "00:01:30", ["add", gone, "--tag", "older", "--no-fetch"])
    try w.run(w.a, at: "00:02:30", ["add", gone, "--no-fetch"])
    try w.run(w.a, at: "00:02:40", ["edit", gone, "--url", gone + "elsewhere"])
    try w.run(w.a, at: "00:02:50", ["rm", gone + "elsewhere"])
    try syncBoth(w)

    for store in [w.a, w.c] {
      #expect(try w.binary.run(["show", "--store", store, link]).status == 0, "\(store)")
      #expect(try w.binary.run(["show", "--store", store, moved]).status == 0, "\(store)")
      let listed = try w.listed(store)
      #expect(!listed.contains("gone.example"), "\(store): \(listed)")
    }
  }
}
