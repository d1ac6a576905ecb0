import Foundation
import HolderCore
import HolderKit

/// `holder-bench --binary PATH --scenario peers`: holder-git beside buku 5.1 and `rg` on the
/// same generated bookmarks, so anyone can check the speed claims of docs/performance.md.
///
/// buku is installed by the benchmark into a virtual environment under the work folder
/// (`python3 -m venv`, `pip install buku==5.1`) and its database filled once from the
/// generated store's records through buku's own schema. Each operation runs the two tools in
/// turn (the first one alternating), and the table gives medians and buku's time over
/// holder-git's.
enum PeerBenchmark {
  static let bukuVersion = "5.1"

  struct Row {
    var operation: String
    var holder: String
    var buku: String
    var ratio: String
    var floor: String
  }

  static func run(binary: String, sizes: [Int], runs: Int, work: String, seed: UInt64) throws {
    let buku = try installBuku(work: work)
    let rg = executable(named: "rg")
    var tables: [(Int, [Row], [String])] = []
    for size in sizes {
      let path = try ExportBenchmark.ensureStore(size: size, work: work, seed: seed)
      let bookmarks = try Store.open(at: path).bookmarkIndex().bookmarks
      let database = try fillBuku(buku, from: bookmarks, at: "\(work)/buku-\(size)-\(seed)")
      let environment = ["BUKU_DEFAULT_DBDIR": database]
      let tag = leafTag(nearOnePercentOf: bookmarks)
      // buku numbers records in the order they were inserted; `add` runs since then added
      // to both tools, so the record is found in the store by its URL.
      let urls = try String(contentsOfFile: database + "/records.txt", encoding: .utf8)
        .split(separator: "\n").map(String.init)
      let position = urls.count / 2
      guard let named = bookmarks.first(where: { $0.bookmark.url == urls[position] }) else {
        throw CocoaError(.fileReadCorruptFile, userInfo: ["missing": urls[position]])
      }
      let prefix = String(named.bookmark.id.rawValue.prefix(8))
      let word = StoreGenerator.onePercentWord
      let bukuBase = [buku, "--nostdin", "--np", "--nc"]
      var rows: [Row] = []
      var notes: [String] = []

      func compare(
        _ operation: String, holder: [String], buku bukuArguments: [String],
        floor: [String]? = nil, count: Bool = false
      ) throws {
        var times: ([Double], [Double], [Double]) = ([], [], [])
        var peaks = (0, 0)
        var outputs = ("", "", "")
        let sides: [(Int, () throws -> ProcessTimer.Measurement)] = [
          (0, { try ProcessTimer.run(binary, unique(holder), in: path) }),
          (
            1,
            {
              try ProcessTimer.run(
                bukuBase[0], Array(bukuBase.dropFirst()) + unique(bukuArguments), in: path,
                environment: environment)
            }
          ),
        ]
        // One warm-up each: the page cache, and holder-git's index brought up to date.
        for (_, side) in sides { _ = try side() }
        for run in 0..<runs {
          for (which, side) in run % 2 == 0 ? sides : sides.reversed() {
            let measured = try side()
            guard measured.status == 0 else {
              throw CocoaError(
                .fileReadUnknown, userInfo: ["operation": operation, "tool": which])
            }
            if which == 0 {
              times.0.append(measured.milliseconds)
              peaks.0 = max(peaks.0, measured.peakKiB)
              outputs.0 = measured.output
            } else {
              times.1.append(measured.milliseconds)
              peaks.1 = max(peaks.1, measured.peakKiB)
              outputs.1 = measured.output
            }
          }
        }
        if let floor, let rg {
          for _ in 0..<runs {
            let measured = try ProcessTimer.run(rg, floor, in: path)
            times.2.append(measured.milliseconds)
            outputs.2 = measured.output
          }
        }
        let holderMedian = median(times.0)
        let bukuMedian = median(times.1)
        let memory = { (kib: Int) in count ? String(format: ", %.0f MiB", Double(kib) / 1024) : "" }
        rows.append(
          Row(
            operation: operation, holder: duration(holderMedian) + memory(peaks.0),
            buku: duration(bukuMedian) + memory(peaks.1),
            ratio: String(format: "%.1f×", bukuMedian / max(holderMedian, 0.001)),
            floor: times.2.isEmpty ? "" : "`rg -li` " + duration(median(times.2))))
        if count {
          let holderCount = outputs.0.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
          let bukuCount = outputs.1.split(separator: "\n").filter { $0.first?.isNumber == true }
            .count
          let floorCount = outputs.2.split(separator: "\n").count
          notes.append(
            "\(operation): holder-git printed \(holderCount) bookmarks, buku \(bukuCount)"
              + (times.2.isEmpty ? "" : ", rg \(floorCount) files"))
        }
      }

      try compare(
        "`search \(word)` (1 %)", holder: ["search", word], buku: ["--deep", "-s", word],
        floor: ["-li", word, Layout.bookmarks], count: true)
      try compare(
        "`list --tag \(tag)` (≈ 1 %)", holder: ["list", "--tag", tag], buku: ["--stag", tag],
        count: true)
      try compare(
        "`show \(prefix)` (buku: `-p \(position + 1)`)", holder: ["show", prefix],
        buku: ["-p", String(position + 1)])
      try compare("`--version` (start-up)", holder: ["--version"], buku: ["--version"])
      try compare(
        "`add` one bookmark, no fetch", holder: ["add", addedURL, "--no-fetch", "--tag", "bench"],
        buku: ["--offline", "--tacit", "-a", addedURL, "bench"])
      if rg == nil { notes.append("`rg` not found: install ripgrep (`scripts/setup --bench`)") }
      tables.append((size, rows, notes))
    }
    for (size, rows, notes) in tables {
      print(
        "| \(size / 1000)k bookmarks | holder-git | buku \(bukuVersion) | buku ÷ holder-git | floor |"
      )
      print("|---|---:|---:|---:|---|")
      for row in rows {
        print("| \(row.operation) | \(row.holder) | \(row.buku) | \(row.ratio) | \(row.floor) |")
      }
      print("")
      for note in notes { print("- " + note) }
      print("")
    }
    print(
      "Medians of \(runs) runs of each tool in turn after one warm-up each, whole process, "
        + "wall time; peak RSS where given.")
  }

  /// Stands for a URL no run has added, so `add` always saves a new bookmark in both tools.
  private static let addedURL = "https://bench.example/add/"

  /// `arguments` with `addedURL` made unique for this run.
  static func unique(_ arguments: [String]) -> [String] {
    arguments.map { $0 == addedURL ? addedURL + UUID().uuidString.lowercased() : $0 }
  }

  /// The tag, with no tags under it, nearest to 1 % of the bookmarks: buku's tags are flat,
  /// so both tools then list the same bookmarks.
  static func leafTag(nearOnePercentOf bookmarks: [LocatedBookmark]) -> String {
    var counts: [String: Int] = [:]
    for located in bookmarks {
      for tag in Set(located.bookmark.tags.map { $0.lowercased() }) { counts[tag, default: 0] += 1 }
    }
    let parents = Set(
      counts.keys.flatMap { tag in
        let parts = tag.split(separator: "/")
        return (1..<max(parts.count, 1)).map { parts[..<$0].joined(separator: "/") }
      })
    let target = bookmarks.count / 100
    // "bench" is the tag of the bookmarks the runs add.
    return counts.filter { !parents.contains($0.key) && $0.key != "bench" }
      .min {
        abs($0.value - target) < abs($1.value - target)
          || (abs($0.value - target) == abs($1.value - target) && $0.key < $1.key)
      }?
      .key ?? "reading"
  }

  /// buku in a virtual environment under `work`, installed from PyPI the first time.
  static func installBuku(work: String) throws -> String {
    let environment = "\(work)/buku-\(bukuVersion)"
    let buku = environment + "/bin/buku"
    if FileManager.default.isExecutableFile(atPath: buku) { return buku }
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    FileHandle.standardError.write(
      Data("installing buku \(bukuVersion) into \(environment)\n".utf8))
    try shell(["python3", "-m", "venv", environment])
    try shell([environment + "/bin/pip", "install", "--quiet", "buku==\(bukuVersion)"])
    return buku
  }

  /// buku's database of `bookmarks`, in their order, made once under `folder`.
  static func fillBuku(_ buku: String, from bookmarks: [LocatedBookmark], at folder: String)
    throws -> String
  {
    if FileManager.default.fileExists(atPath: folder + "/bookmarks.db") { return folder }
    let records = folder + ".jsonl"
    var lines = Data()
    for located in bookmarks {
      let bookmark = located.bookmark
      let description = [bookmark.note, bookmark.metadata?.description ?? ""]
        .filter { !$0.isEmpty }.joined(separator: " ")
      let record: [String: Any] = [
        "url": bookmark.url, "title": bookmark.title, "tags": bookmark.tags,
        "desc": description,
      ]
      lines.append(try JSONSerialization.data(withJSONObject: record))
      lines.append(0x0A)
    }
    try lines.write(to: URL(fileURLWithPath: records))
    let partial = folder + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
    // buku's own schema (BukuDb.initdb) and the insert its add_rec runs, in one transaction.
    let script = """
      import json, sys, buku
      conn, cur = buku.BukuDb.initdb(dbfile=sys.argv[1])
      rows = []
      for line in open(sys.argv[2], encoding='utf-8'):
          r = json.loads(line)
          rows.append((r['url'], r['title'], buku.parse_tags([','.join(r['tags'])]), r['desc'], 0))
      cur.executemany('INSERT INTO bookmarks(URL, metadata, tags, desc, flags) VALUES (?, ?, ?, ?, ?)', rows)
      conn.commit()
      """
    let python = URL(fileURLWithPath: buku).deletingLastPathComponent().path + "/python3"
    try shell([python, "-c", script, partial + "/bookmarks.db", records])
    // The URLs in buku's order: record n is line n.
    try Data(bookmarks.map(\.bookmark.url).joined(separator: "\n").utf8)
      .write(to: URL(fileURLWithPath: partial + "/records.txt"))
    try FileManager.default.moveItem(atPath: partial, toPath: folder)
    try? FileManager.default.removeItem(atPath: records)
    return folder
  }

  private static func shell(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.executableLoad, userInfo: ["command": arguments.joined(separator: " ")])
    }
  }

  /// The absolute path of `name` on PATH, when it is there.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private static func duration(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }
}
