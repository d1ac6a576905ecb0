import Foundation
import HolderCore
import HolderKit

/// `holder-bench --scenario import`: generates Netscape bookmark files (seeded, once per
/// size) and times `holder-git import` of each into an empty store, a re-import of the
/// same file (everything unchanged) and a `--dry-run`; wall time, CPU and peak memory.
///
/// Beside them, on the same file in each run: buku importing it into an empty database, the
/// file-system floor (`FileSystemFloor`: the folders, files and tag links holder-git's import
/// made, created again by a process that does nothing else) and plain git's floor (`git add
/// -A` and `git commit` of a copy of that work tree in a new repository), with the ratios
/// buku ÷ holder-git, holder-git ÷ floor and holder-git ÷ plain git.
enum ImportScenario {
  /// Writes a Netscape file of `count` links: nested folders from the tag vocabulary,
  /// `TAGS`, `<DD>` notes on 30 %, seconds in `ADD_DATE`, entities in titles.
  ///
  /// With `distinctTags`, `TAGS` come from a pool of three quarters as many tags as links
  /// (an export of a store tagged with care: the issue's 10,000 links carried 7,465), so a
  /// cost per tag shows as plainly as a cost per link.
  static func generateFile(
    count: Int, seed: UInt64, distinctTags: Bool = false, at path: String
  ) throws {
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
        distinctTags
          ? "\(random.pick(Vocabulary.english))-\(Int.random(in: 0..<max(1, count * 3 / 4), using: &random))"
          : random.pick(Vocabulary.english)
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

  /// The three rows of holder-git, in the order each run times them.
  static let holderRows = ["dry run, empty store", "into an empty store", "again (all unchanged)"]

  /// What plain git runs as its floor, in one shell (wall time of both, CPU summed); git's
  /// automatic gc is off in that repository, so that no packing starts behind the commit.
  static let plainGitCommit = "git add -A && git commit -q -m x"

  static func run(
    binary: String, sizes: [Int], runs: Int, work: String, seed: UInt64, distinctTags: Bool
  ) throws {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let buku = try PeerBenchmark.installBuku(work: work)
    let bench = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var lines: [String] = []
    var notes: [String] = []
    for size in sizes {
      let file = "\(work)/bookmarks-\(size)-\(seed)\(distinctTags ? "-tags" : "").html"
      if !FileManager.default.fileExists(atPath: file) {
        try generateFile(count: size, seed: seed, distinctTags: distinctTags, at: file)
      }
      let store = "\(work)/import-store-\(size)"
      let floor = "\(work)/import-floor-\(size)"
      let manifest = "\(work)/import-floor-\(size).manifest"
      let gitFloor = "\(work)/import-git-\(size)"
      let bukuFolder = "\(work)/import-buku-\(size)"
      var rows: [String: [ProcessTimer.Measurement]] = [:]
      var counts: FileSystemFloor.Counts?
      var bukuStored = 0
      func record(_ name: String, _ measured: ProcessTimer.Measurement) {
        guard measured.status == 0 else {
          FileHandle.standardError.write(Data("\(name) failed: \(measured.output)\n".utf8))
          exit(1)
        }
        rows[name, default: []].append(measured)
      }
      for run in 0..<runs {
        // Each timed write follows the deletion of the previous run's copy, as a user's
        // second import into a new store would.
        try? FileManager.default.removeItem(atPath: store)
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        _ = try ProcessTimer.run(binary, ["init", "--store", store], in: work)
        for (name, arguments) in zip(
          holderRows,
          [
            ["import", "--store", store, "--dry-run", file], ["import", "--store", store, file],
            ["import", "--store", store, file],
          ])
        {
          record(name, try ProcessTimer.run(binary, arguments, in: work))
        }
        if counts == nil { counts = try FileSystemFloor.manifest(of: store, to: manifest) }

        try? FileManager.default.removeItem(atPath: floor)
        record(
          "floor",
          try ProcessTimer.run(bench, ["--floor-write", manifest, "--into", floor], in: work))

        try? FileManager.default.removeItem(atPath: gitFloor)
        try FileManager.default.createDirectory(atPath: gitFloor, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: store)
        where entry != ".git" {
          try shell(["cp", "-a", store + "/" + entry, gitFloor + "/"], in: work)
        }
        try shell(["git", "init", "-q", "-b", "main", gitFloor], in: work)
        for (key, value) in [
          ("user.name", "Bench"), ("user.email", "bench@bench.test"), ("gc.auto", "0"),
          ("maintenance.auto", "false"), ("commit.gpgSign", "false"),
        ] {
          try shell(["git", "-C", gitFloor, "config", key, value], in: work)
        }
        record("git", try ProcessTimer.run("/bin/sh", ["-c", plainGitCommit], in: gitFloor))

        try? FileManager.default.removeItem(atPath: bukuFolder)
        try FileManager.default.createDirectory(
          atPath: bukuFolder, withIntermediateDirectories: true)
        record(
          "buku",
          try ProcessTimer.run(
            buku, ["--nostdin", "--np", "--nc", "--tacit", "-i", file], in: work,
            environment: ["BUKU_DEFAULT_DBDIR": bukuFolder]))
        bukuStored = try bukuCount(buku, database: bukuFolder + "/bookmarks.db", in: work)
        FileHandle.standardError.write(Data("import \(size) run \(run + 1) of \(runs) done\n".utf8))
      }
      let counted = counts ?? FileSystemFloor.Counts()
      let names =
        holderRows.map { ($0, $0) } + [
          ("buku", "buku \(PeerBenchmark.bukuVersion) `-i`, empty database"),
          (
            "floor",
            "floor: files, folders, links (\(counted.files), \(counted.folders), \(counted.links))"
          ),
          ("git", "floor: plain git `\(plainGitCommit)`"),
        ]
      var walls: [String: Double] = [:]
      var cpus: [String: Double] = [:]
      for (key, name) in names {
        let measured = rows[key] ?? []
        walls[key] = median(measured.map(\.milliseconds)) / 1000
        cpus[key] = median(measured.map(\.cpuMilliseconds)) / 1000
        let peak = (measured.map(\.peakKiB).max() ?? 0) / 1024
        lines.append(
          "| \(name) | \(size) | \(String(format: "%.2f", walls[key] ?? 0)) s | "
            + "\(String(format: "%.2f", cpus[key] ?? 0)) s | \(peak) MiB |")
      }
      func ratio(_ over: String, _ under: String) -> String {
        String(
          format: "%.1f× (CPU %.1f×)", (walls[over] ?? 0) / max(walls[under] ?? 0, 0.000_001),
          (cpus[over] ?? 0) / max(cpus[under] ?? 0, 0.000_001))
      }
      let into = holderRows[1]
      let megabytes = String(format: "%.1f MB", Double(counted.bytes) / 1_000_000)
      let stored =
        "\(size): holder-git stored \(counted.files) bookmark files and \(counted.links) tag "
        + "links (\(megabytes)), buku stored \(bukuStored) records"
      let ratios =
        "buku ÷ holder-git \(ratio("buku", into)), holder-git ÷ floor \(ratio(into, "floor")), "
        + "holder-git ÷ plain git \(ratio(into, "git")), "
        + "again ÷ first import \(ratio(holderRows[2], into))"
      notes.append(stored + "; " + ratios)
    }
    print("| import (Netscape file) | size | wall (median) | CPU | peak memory |")
    print("|---|---|---|---|---|")
    for line in lines { print(line) }
    print("")
    print(
      "Medians of \(runs) runs, whole processes. Each run follows the deletion of the previous "
        + "run's store: holder-git's store, the floor's folder, plain git's repository and buku's "
        + "database are each deleted just before they are made again. Floor: holder-bench "
        + "creating exactly the folders, files (with their bytes) and tag links holder-git's "
        + "import made, plain POSIX calls, no fsync. Plain git: a copy of that work tree "
        + "without .git in a new repository, `\(plainGitCommit)` timed (loose objects, gc off). "
        + "buku: `buku --nostdin --np --nc --tacit -i FILE` into an empty database (tacit: "
        + "parent folders as tags). Ratios of the import into an empty store, wall (CPU).")
    for note in notes { print("- " + note) }
  }

  /// The records in buku's database.
  private static func bukuCount(_ buku: String, database: String, in directory: String) throws
    -> Int
  {
    let python = URL(fileURLWithPath: buku).deletingLastPathComponent().path + "/python3"
    let script =
      "import sqlite3, sys; "
      + "print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM bookmarks').fetchone()[0])"
    let output = try shell([python, "-c", script, database], in: directory)
    return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  @discardableResult
  private static func shell(_ arguments: [String], in directory: String) throws -> String {
    try Command.run(arguments, in: directory).output
  }
}
