import Foundation
import HolderCore
import HolderKit

/// `holder-bench --scenario import`: generates Netscape bookmark files (seeded, once per
/// size) and times `holder-git import` of each into an empty store, a re-import of the
/// same file (everything unchanged) and a `--dry-run`; wall time, CPU and peak memory.
enum ImportScenario {
  /// Writes a Netscape file of `count` links: nested folders from the tag vocabulary,
  /// `TAGS`, `<DD>` notes on 30 %, seconds in `ADD_DATE`, entities in titles.
  static func generateFile(count: Int, seed: UInt64, at path: String) throws {
    var random = SeededRandom(seed: seed)
    var tagTable: [Double] = []
    var hostTable: [Double] = []
    var byFolder: [String: [String]] = [:]
    let tailHosts = (0..<max(50, count / 5)).map { index in
      "\(Vocabulary.tailNames[index % Vocabulary.tailNames.count])\(index)"
        + Vocabulary.tailSuffixes[index % 8]
    }
    for number in 0..<count {
      let words = random.chance(0.5) ? Vocabulary.english : Vocabulary.korean
      let title = (0..<Int.random(in: 3...8, using: &random)).map { _ in random.pick(words) }
        .joined(separator: " ")
      let host =
        random.chance(0.6)
        ? random.skewed(Vocabulary.hosts, table: &hostTable) : random.pick(tailHosts)
      let slug = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        random.pick(Vocabulary.english)
      }
      let folder = random.skewed(Vocabulary.tags, skew: 1.1, table: &tagTable)
      let tags = (0..<Int.random(in: 0...2, using: &random)).map { _ in
        random.pick(Vocabulary.english)
      }
      let created = 1_640_995_200 + Int.random(in: 0..<126_000_000, using: &random)
      var line =
        "<DT><A HREF=\"https://\(host)/\(slug.joined(separator: "-"))/\(number)?utm_source=x\" "
        + "ADD_DATE=\"\(created)\" LAST_MODIFIED=\"\(created)\""
      if !tags.isEmpty { line += " TAGS=\"\(tags.joined(separator: ","))\"" }
      line += ">\(title) &amp; more</A>\n"
      if random.chance(0.3) {
        line += "<DD>" + (0..<12).map { _ in random.pick(words) }.joined(separator: " ") + "\n"
      }
      byFolder[folder, default: []].append(line)
    }
    var text = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
      <TITLE>Bookmarks</TITLE>
      <H1>Bookmarks</H1>
      <DL><p>
      <DT><H3 PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
      <DL><p>

      """
    for (folder, lines) in byFolder.sorted(by: { $0.key < $1.key }) {
      let parts = folder.split(separator: "/")
      for part in parts { text += "<DT><H3>\(part)</H3>\n<DL><p>\n" }
      text += lines.joined()
      text += String(repeating: "</DL><p>\n", count: parts.count)
    }
    text += "</DL><p>\n</DL><p>\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func run(binary: String, sizes: [Int], runs: Int, work: String, seed: UInt64) throws {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    print("| import (Netscape file) | size | wall (median) | CPU | peak memory |")
    print("|---|---|---|---|---|")
    for size in sizes {
      let file = "\(work)/bookmarks-\(size)-\(seed).html"
      if !FileManager.default.fileExists(atPath: file) {
        try generateFile(count: size, seed: seed, at: file)
      }
      var rows: [String: [ProcessTimer.Measurement]] = [:]
      for _ in 0..<runs {
        let store = "\(work)/import-store-\(size)"
        try? FileManager.default.removeItem(atPath: store)
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        _ = try ProcessTimer.run(binary, ["init", "--store", store], in: work)
        for (name, arguments) in [
          ("dry run, empty store", ["import", "--store", store, "--dry-run", file]),
          ("into an empty store", ["import", "--store", store, file]),
          ("again (all unchanged)", ["import", "--store", store, file]),
        ] {
          let measured = try ProcessTimer.run(binary, arguments, in: work)
          guard measured.status == 0 else {
            FileHandle.standardError.write(Data("\(name) failed: \(measured.output)\n".utf8))
            exit(1)
          }
          rows[name, default: []].append(measured)
        }
      }
      for name in ["dry run, empty store", "into an empty store", "again (all unchanged)"] {
        let measured = rows[name] ?? []
        let wall = median(measured.map(\.milliseconds)) / 1000
        let cpu = median(measured.map(\.cpuMilliseconds)) / 1000
        let peak = (measured.map(\.peakKiB).max() ?? 0) / 1024
        print(
          "| \(name) | \(size) | \(String(format: "%.2f", wall)) s | "
            + "\(String(format: "%.2f", cpu)) s | \(peak) MiB |")
      }
    }
  }
}
