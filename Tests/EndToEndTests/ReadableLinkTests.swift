import Foundation
import HolderTestSupport
import Testing

/// A link is shown to people as they write it (`…/wiki/부산`), never percent-encoded, by every
/// command that prints one; files and `--json` keep the stored, encoded form.
@Suite struct ReadableLinkTests {
  typealias World = DeletionTimeTests.World

  static let busan = "https://ko.wikipedia.org/wiki/부산"
  /// 부산 percent-encoded, as the file stores it.
  static let encoded = "%EB%B6%80%EC%82%B0"

  /// What a command printed (both streams) shows the link readable and never encoded.
  private func expectReadable(
    _ command: String, _ result: HolderBinary.Result,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let printed = result.stdout + result.stderr
    #expect(printed.contains("wiki/부산"), "\(command): \(printed)", sourceLocation: sourceLocation)
    #expect(
      !printed.contains("%EB%B6%80"), "\(command): \(printed)", sourceLocation: sourceLocation)
  }

  @Test func everyCommandShowsTheLinkReadableAndJSONKeepsItEncoded() throws {
    let w = try World()
    let busan = Self.busan
    // Titles that do not hold the link: what shows `wiki/부산` below is the link itself.
    try w.run(w.a, at: "00:00:00", ["add", busan, "--title", "Busan", "--no-fetch"])
    try w.run(w.a, at: "00:00:01", ["add", busan + "/", "--title", "Busan too", "--no-fetch"])
    // Files and --json keep the stored form.
    let json = try w.run(w.a, at: "00:00:01", ["show", busan, "--json"])
    let shown = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(shown?["url"] as? String == "https://ko.wikipedia.org/wiki/" + Self.encoded)
    let files = try FileManager.default.subpathsOfDirectory(atPath: w.a + "/bookmarks")
      .filter { $0.hasSuffix(".json") }
      .map { try String(contentsOfFile: w.a + "/bookmarks/" + $0, encoding: .utf8) }
    #expect(files.contains { $0.contains("\"https://ko.wikipedia.org/wiki/\(Self.encoded)\"") })
    var steps: [(String, HolderBinary.Result)] = []
    func step(_ store: String, at time: String, _ args: [String]) throws {
      steps.append((args.joined(separator: " "), try w.run(store, at: time, args)))
    }
    try step(w.a, at: "00:00:02", ["list"])
    try step(w.a, at: "00:00:02", ["search", "busan"])
    try step(w.a, at: "00:00:02", ["show", busan])
    try step(w.a, at: "00:00:02", ["check"])
    try step(w.a, at: "00:00:02", ["dedupe", busan, "--dry-run"])
    try step(w.a, at: "00:00:03", ["dedupe", busan])
    try step(w.a, at: "00:00:04", ["edit", busan, "--url", busan + "광역시"])
    try step(w.a, at: "00:00:05", ["log", "--no-pager"])
    try step(w.a, at: "00:00:05", ["diff", "HEAD~1", "HEAD"])

    // A hand edit of the link, as the file stores it (encoded): status, diff and sync say it
    // readable.
    let file = try #require(
      FileManager.default.subpathsOfDirectory(atPath: w.a + "/bookmarks").first {
        $0.hasSuffix(".json")
      })
    let path = w.a + "/bookmarks/" + file
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(
      of: Self.encoded + "%EA%B4%91%EC%97%AD%EC%8B%9C", with: Self.encoded + "%ED%95%AD"
    )
    .write(toFile: path, atomically: true, encoding: .utf8)
    try step(w.a, at: "00:00:06", ["status"])
    try step(w.a, at: "00:00:06", ["diff"])
    try step(w.a, at: "00:00:06", ["sync", "--dry-run"])
    try w.run(w.a, at: "00:00:07", ["sync"])

    // Both machines change the link; the later wins and `conflicts` names both links.
    try w.clone(w.b, at: "00:00:08")
    try w.run(w.a, at: "00:01:00", ["edit", busan + "항", "--url", busan + "역"])
    try w.run(w.b, at: "00:02:00", ["edit", busan + "항", "--url", busan + "시"])
    try w.run(w.b, at: "00:03:00", ["sync"])
    try step(w.a, at: "00:04:00", ["sync"])
    try step(w.a, at: "00:04:01", ["conflicts"])

    // A merge made before links were written readable says them encoded; shown readable.
    let git = w.binary.git
    #expect(
      try git.runGit(["log", "--merges", "-1", "--format=%H"], in: w.a)
        == git.runGit(["rev-parse", "HEAD"], in: w.a))
    let message = try git.runGit(["log", "-1", "--format=%B", "HEAD"], in: w.a)
    #expect(message.hasPrefix("Sync with "), "\(message)")
    let older = message.replacingOccurrences(of: "부산", with: Self.encoded)
      .replacingOccurrences(of: "역", with: "%EC%97%AD").replacingOccurrences(
        of: "시", with: "%EC%8B%9C")
    #expect(older.contains("kept https://ko.wikipedia.org/wiki/\(Self.encoded)"), "\(older)")
    let tree = try git.runGit(["rev-parse", "HEAD^{tree}"], in: w.a)
    let parents = try git.runGit(["rev-parse", "HEAD^1", "HEAD^2"], in: w.a)
      .split(separator: "\n").flatMap { ["-p", String($0)] }
    let rewritten = try git.runGit(
      ["commit-tree", tree.trimmingCharacters(in: .whitespacesAndNewlines)] + parents + [
        "-m", older,
      ], in: w.a
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let branch = try git.runGit(["symbolic-ref", "HEAD"], in: w.a)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try git.runGit(["update-ref", branch, rewritten], in: w.a)
    let fromOlder = try w.run(w.a, at: "00:04:02", ["conflicts"])
    expectReadable("conflicts of an older merge", fromOlder)
    #expect(fromOlder.stdout.contains("url: kept \(busan)시"), "\(fromOlder.stdout)")

    try w.run(w.a, at: "00:05:00", ["rm", busan + "시"])
    try step(w.a, at: "00:05:01", ["restore", "--deleted"])

    for (command, result) in steps { expectReadable(command, result) }
    let conflicts = try #require(steps.first { $0.0 == "conflicts" }?.1.stdout)
    #expect(conflicts.contains("url: kept \(busan)시"), "\(conflicts)")
  }
}
