import Foundation
import HolderCore
import HolderKit

/// The history scenario: `log` on stores with a long history.
///
/// `holder-bench --binary PATH --scenario history [--sizes 10000,100000] [--commits 5000]`
/// makes a store per size with a long history on top of its import: edits of titles and
/// notes, adds, deletions and tag changes, one commit each, written through the library in
/// one series (no process per commit). One bookmark is edited every 250 commits, so its
/// `log` has a life to show. Then times whole runs of the release binary: `log BOOKMARK`
/// without the history cache (cold) and with it (warm), `log -n 20`, `log --tag T`, and
/// reports the cache's size and the peak memory of the cold and warm runs.
enum HistoryScenario {
  static func run(binary: String, sizes: [Int], commits: Int, runs: Int, work: String, seed: UInt64)
    throws
  {
    var lines: [String] = [
      "| \(commits) commits on | log BOOKMARK cold | warm | log -n 20 | log --tag T | cache | peak cold / warm |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    var notes: [String] = []
    for size in sizes {
      let path = "\(work)/history-\(size)-\(commits)-\(seed)"
      if !FileManager.default.fileExists(atPath: path + "/.git/holder-bench-done") {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let begin = Date()
        try generate(at: path, size: size, commits: commits, seed: seed)
        FileManager.default.createFile(atPath: path + "/.git/holder-bench-done", contents: nil)
        log(
          "generated \(size) bookmarks and \(commits) commits in \(Int(-begin.timeIntervalSinceNow)) s"
        )
      }
      let target = try String(contentsOfFile: path + "/.git/holder-bench-target", encoding: .utf8)
      let tag = try String(contentsOfFile: path + "/.git/holder-bench-tag", encoding: .utf8)
      let cachePath = path + "/.holder/local/history-v1"
      // The index is built once first, so that only the history cache is cold.
      _ = try ProcessTimer.run(binary, ["search", "coffee", "--limit", "1"], in: path)
      let cold = try measure(binary, ["log", target], in: path, runs: max(1, min(runs, 3))) {
        try? FileManager.default.removeItem(atPath: cachePath)
      }
      let warm = try measure(binary, ["log", target], in: path, runs: runs)
      let recent = try measure(binary, ["log", "-n", "20"], in: path, runs: runs)
      let byTag = try measure(binary, ["log", "--tag", tag], in: path, runs: runs)
      let cacheBytes =
        (try? FileManager.default.attributesOfItem(atPath: cachePath)[.size] as? Int)
        ?? 0
      lines.append(
        "| \(size / 1000)k bookmarks | \(cold.time) | \(warm.time) | \(recent.time) | \(byTag.time) "
          + "| \(String(format: "%.1f MiB", Double(cacheBytes) / 1_048_576)) "
          + "| \(cold.peakMiB) / \(warm.peakMiB) |")
      notes.append(
        "\(size / 1000)k: `log BOOKMARK` printed \(warm.lines) lines, `log --tag \(tag)` "
          + "\(byTag.lines) lines")
    }
    for line in lines { print(line) }
    print("")
    print(
      "Medians of \(runs) runs (cold: \(max(1, min(runs, 3))), cache deleted before each) after one "
        + "warm-up, whole process, this machine: wall time (cpu: user + system).")
    for note in notes { print("- " + note) }
    print(
      "- Peak memory is the child's maximum resident size; in a run that also generated the "
        + "store, Linux counts the runner's own memory at spawn time in it: rerun to read it.")
  }

  private struct Result {
    var time: String
    var peakMiB: String
    var lines: Int
  }

  private static func measure(
    _ binary: String, _ arguments: [String], in path: String, runs: Int,
    prepare: () -> Void = {}
  ) throws -> Result {
    prepare()
    _ = try ProcessTimer.run(binary, arguments, in: path)
    var times: [Double] = []
    var cpu: [Double] = []
    var peak = 0
    var output = ""
    for _ in 0..<runs {
      prepare()
      let measured = try ProcessTimer.run(binary, arguments, in: path)
      guard measured.status == 0 else {
        throw CocoaError(.fileReadUnknown, userInfo: ["arguments": arguments])
      }
      times.append(measured.milliseconds)
      cpu.append(measured.cpuMilliseconds)
      peak = max(peak, measured.peakKiB)
      output = measured.output
    }
    let sortedTimes = times.sorted()
    let sortedCPU = cpu.sorted()
    return Result(
      time: "\(format(sortedTimes[runs / 2])) (cpu \(format(sortedCPU[runs / 2])))",
      peakMiB: String(format: "%.0f MiB", Double(peak) / 1024),
      lines: output.split(separator: "\n").count)
  }

  private static func format(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }

  private static func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// The generated store, then `commits` changes on top of it in one series.
  private static func generate(at path: String, size: Int, commits: Int, seed: UInt64) throws {
    let store = try StoreGenerator(count: size, seed: seed).generate(at: path)
    var live = store.bookmarkIndex().bookmarks.sorted { $0.path < $1.path }
    var random = SeededRandom(seed: seed ^ 0x5eed)
    let target = live[live.count / 2]
    var targetBookmark = target.bookmark
    var clock = Int64(1_767_225_600_000)  // 2026-01-01
    func stamp() -> Timestamp {
      clock += Int64.random(in: 1_000...3_600_000, using: &random)
      return Timestamp(millisecondsSince1970: clock)
    }
    var changes: [Change] = []
    for number in 0..<commits {
      if number % 250 == 125 {
        targetBookmark.title = "Followed bookmark, version \(number / 250 + 1)"
        targetBookmark.lastModified = stamp()
        changes.append(
          Change(
            message: "Update \"\(targetBookmark.title)\"",
            writes: [target.path: BookmarkCodec.encode(targetBookmark)]))
        continue
      }
      var position = Int.random(in: 0..<live.count, using: &random)
      if live[position].path == target.path { position = (position + 1) % live.count }
      var located = live[position]
      let kind = Int.random(in: 0..<100, using: &random)
      if kind < 50 {
        located.bookmark.title += " (\(number))"
        if random.chance(0.3) { located.bookmark.note = "note \(number)" }
        located.bookmark.lastModified = stamp()
        live[position] = located
        changes.append(
          Change(
            message: "Update \"\(located.bookmark.title)\"",
            writes: [located.path: BookmarkCodec.encode(located.bookmark)]))
      } else if kind < 70 {
        let url = try URLNormalizer.normalize("https://history.example/\(seed)/\(number)")
        let now = stamp()
        let bookmark = Bookmark(
          id: BookmarkID(uuid: UUID()), url: url, title: "Added in commit \(number)",
          note: "", tags: ["bench/history"], favorite: false, created: now, lastModified: now,
          metadata: nil)
        let added = LocatedBookmark(
          path: BookmarkPath.relativePath(forNormalizedURL: url), bookmark: bookmark)
        live.append(added)
        changes.append(
          Change(
            message: "Add \"\(bookmark.title)\"",
            writes: [added.path: BookmarkCodec.encode(bookmark)]))
      } else if kind < 85 {
        live.remove(at: position)
        changes.append(
          Change(message: "Delete \"\(located.bookmark.title)\"", removals: [located.path]))
      } else {
        // A tag change on a handful of bookmarks, as `tag`/`untag` of a selection makes.
        var writes: [String: [UInt8]] = [:]
        for offset in 0..<Int.random(in: 1...5, using: &random) {
          let index = (position + offset * 17) % live.count
          if live[index].path == target.path { continue }
          var bookmark = live[index].bookmark
          if bookmark.tags.contains("bench/tagged") {
            bookmark.tags.removeAll { $0 == "bench/tagged" }
          } else {
            bookmark.tags = (bookmark.tags + ["bench/tagged"]).sorted()
          }
          bookmark.lastModified = stamp()
          live[index].bookmark = bookmark
          writes[live[index].path] = BookmarkCodec.encode(bookmark)
        }
        changes.append(
          Change(message: "Tag \(writes.count) bookmarks bench/tagged", writes: writes))
      }
    }
    // Commits ten minutes apart, as a long life of edits would have them.
    let series = try Store.open(
      at: path,
      environment: .deterministic(
        start: Timestamp(millisecondsSince1970: 1_767_225_600_000), stepMilliseconds: 600_000))
    try series.recordSeries(changes)
    try Data(target.bookmark.id.rawValue.utf8).write(
      to: URL(fileURLWithPath: path + "/.git/holder-bench-target"))
    try Data("bench/tagged".utf8).write(to: URL(fileURLWithPath: path + "/.git/holder-bench-tag"))
  }
}
