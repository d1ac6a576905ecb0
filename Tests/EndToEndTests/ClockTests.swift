import Foundation
import HolderTestSupport
import Testing

/// Clocks: a hand edit is dated when its file was saved, not when a later sync took it in;
/// a stamp from a clock far ahead is said when it arrives and never carries later edits with it.
@Suite struct ClockTests {
  typealias World = DeletionTimeTests.World

  /// An earlier hand edit committed late does not beat a later edit made elsewhere.
  ///
  /// A edits X's file by hand at 00:01 and commits it only with its sync at 00:05; B edits the
  /// title at 00:02 with the CLI. B's later edit wins; it used to lose to A's, stamped 00:05.
  @Test func aHandEditIsDatedWhenItsFileWasSaved() throws {
    let w = try World()
    try w.shareX()
    let path = try #require(
      try FileManager.default.subpathsOfDirectory(atPath: w.a + "/bookmarks").first {
        $0.hasSuffix(".json")
      })
    let file = w.a + "/bookmarks/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "\"title\": \"X\"", with: "\"title\": \"A by hand\"")
      .write(toFile: file, atomically: false, encoding: .utf8)
    let touched = try runProcess(
      "/usr/bin/touch", ["-d", "2026-05-01T00:01:00Z", file], cwd: w.a,
      env: w.binary.environment(), stdin: nil)
    #expect(touched.status == 0)

    try w.run(w.b, at: "00:02:00", ["edit", "https://x.example/", "--title", "B typed later"])
    try w.run(w.b, at: "00:02:10", ["sync"])
    try w.run(w.a, at: "00:05:00", ["sync"])
    try w.run(w.b, at: "00:06:00", ["sync"])
    for store in [w.a, w.b] {
      #expect(try w.listed(store).contains("B typed later"), "\(store)")
    }
  }

  /// A stamp from 2030 is said when it arrives, and later edits here are not stamped after it.
  ///
  /// A phone whose clock says 2030 edits X and syncs. The laptop says so when it takes that in,
  /// and its own later edit is stamped near its own clock, not after 2030.
  @Test func aStampFromTheFutureIsSaidAndNotFollowed() throws {
    let w = try World()
    try w.shareX()
    let future = "2030-01-01T00:00:00Z"
    let phone = try w.binary.run(
      ["edit", "--store", w.b, "https://x.example/", "--note", "from 2030"],
      env: ["HOLDER_GIT_NOW": future, "GIT_AUTHOR_DATE": future, "GIT_COMMITTER_DATE": future])
    #expect(phone.status == 0, "\(phone.stderr)")
    try w.run(w.b, at: "00:01:00", ["sync"])

    let synced = try w.run(w.a, at: "00:02:00", ["sync"])
    #expect(synced.stderr.contains("dated in the future, up to 2030-01-01"), "\(synced.stderr)")
    try w.run(w.a, at: "00:03:00", ["edit", "https://x.example/", "--title", "laptop"])
    let shown = try w.binary.run(["show", "--store", w.a, "https://x.example/", "--json"])
    let fields = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    let stamp = try #require(fields?["lastModified"] as? String)
    #expect(stamp.hasPrefix("2026-05-01T00:13"), "ten minutes ahead at most: \(stamp)")
  }
}
