import Foundation
import HolderCore
import HolderKit

/// `--scenario sync`: the merging sync of two clones of one store that each changed 1,000
/// different bookmarks offline.
///
/// Per size, once: a bare remote and two clones made with the real `git clone`; clone A
/// changes 1,000 bookmarks and syncs (a plain push); clone B changes 1,000 others and
/// commits. That state is kept as a template; each run copies it (then refreshes git's index,
/// whose stat data a copy invalidates) and times B's `sync`, which fetches, merges and pushes;
/// then, on another fresh copy, plain git doing the same (`git fetch`, `git merge`,
/// `git push`), for the ratio of the two.
struct SyncScenario {
  let binary: String
  let work: String
  let seed: UInt64
  let runs: Int

  /// Bookmarks each clone changes.
  static let changedPerSide = 1_000

  /// One tool's runs at one size.
  struct Runs {
    var wall: [Double] = []
    var cpu: [Double] = []
    var peakKiB: Int = 0

    mutating func add(_ measured: ProcessTimer.Measurement) {
      wall.append(measured.milliseconds)
      cpu.append(measured.cpuMilliseconds)
      peakKiB = max(peakKiB, measured.peakKiB)
    }
  }

  struct Result {
    var size: Int
    var holderGit = Runs()
    /// Plain git's fetch, merge and push on the same copies.
    var git = Runs()
    var summary = ""
  }

  /// What plain git runs for the same sync, in one shell so that its wall time covers the
  /// whole sequence and its CPU sums the three commands.
  static let plainGitSync =
    "git fetch -q origin && git merge -q --no-edit origin/main && git push -q origin main"

  func run(sizes: [Int]) throws {
    var results: [Result] = []
    for size in sizes {
      let run = "\(work)/sync-\(size)-run"
      let template = try prepareTemplate(size: size)
      var result = Result(size: size)
      for number in 0..<runs {
        let measured = try timedSync(
          "sync in clone B", binary, ["sync"], run: run, template: template)
        result.holderGit.add(measured)
        let listed = measured.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
        result.summary = "\(listed) incoming changes listed"
        let git = try timedSync(
          "plain git's sync", "/bin/sh", ["-c", Self.plainGitSync], run: run, template: template)
        result.git.add(git)
        let line =
          "sync \(size) run \(number + 1): holder-git \(Int(measured.milliseconds)) ms wall, "
          + "\(Int(measured.cpuMilliseconds)) ms cpu, \(measured.peakKiB / 1024) MiB; "
          + "plain git \(Int(git.milliseconds)) ms wall, \(Int(git.cpuMilliseconds)) ms cpu\n"
        FileHandle.standardError.write(Data(line.utf8))
      }
      try? FileManager.default.removeItem(atPath: run)
      results.append(result)
    }
    print(
      "| merging sync (clone B, 1,000 changes each side) | holder-git wall | cpu | peak RSS "
        + "| plain git wall | cpu | peak RSS | holder-git ÷ git | runs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for result in results {
      let (ours, git) = (result.holderGit, result.git)
      let wall = median(ours.wall)
      let gitWall = median(git.wall)
      print(
        "| \(result.size / 1000)k | \(format(wall)) | \(format(median(ours.cpu))) "
          + "| \(mebibytes(ours.peakKiB)) | \(format(gitWall)) | \(format(median(git.cpu))) "
          + "| \(mebibytes(git.peakKiB)) "
          + "| \(String(format: "%.1f×", wall / max(gitWall, 0.001))) | \(ours.wall.count) |")
    }
    print("")
    print(
      "Medians, whole `holder-git sync` process in clone B; the remote is a bare repository by "
        + "path. Plain git: `\(Self.plainGitSync)` in another fresh copy of the same clone, "
        + "one shell (wall of the sequence, CPU summed); it merges the same two commits (checked) "
        + "but brings no tag views or index up to date.")
    for result in results { print("- \(result.size / 1000)k: \(result.summary)") }
  }

  /// Runs `executable` in clone B of a fresh copy of `template`, which must then hold a merge
  /// of both sides, pushed; `name` says who failed otherwise.
  private func timedSync(
    _ name: String, _ executable: String, _ arguments: [String], run: String, template: String
  ) throws -> ProcessTimer.Measurement {
    try freshCopy(of: template, at: run)
    let measured = try ProcessTimer.run(executable, arguments, in: run + "/b")
    guard measured.status == 0 else {
      throw BenchError.failed("\(name) exited \(measured.status): \(measured.output)")
    }
    try checkMerged(run, template: template)
    return measured
  }

  /// Deletes the previous run's copy, then copies the remote and clone B from `template`.
  private func freshCopy(of template: String, at run: String) throws {
    try? FileManager.default.removeItem(atPath: run)
    try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
    try shell("cp", "-a", template + "/remote.git", run + "/remote.git")
    try shell("cp", "-a", template + "/b", run + "/b")
    // The clone names the template's remote: each run must merge into a fresh copy.
    try shell("git", "-C", run + "/b", "remote", "set-url", "origin", run + "/remote.git")
    try shell("git", "-C", run + "/b", "update-index", "-q", "--refresh")
  }

  private func mebibytes(_ kib: Int) -> String {
    String(format: "%.0f MiB", Double(kib) / 1024)
  }

  /// The remote after A's push and clone B with its changes committed, made once per size.
  private func prepareTemplate(size: Int) throws -> String {
    let template = "\(work)/sync-\(size)-\(seed)"
    if FileManager.default.fileExists(atPath: template + "/ready") { return template }
    let source = "\(work)/store-\(size)-\(seed)"
    if !FileManager.default.fileExists(atPath: source + "/.holder/store.json") {
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      _ = try StoreGenerator(count: size, seed: seed).generate(at: source)
    }
    try? FileManager.default.removeItem(atPath: template)
    try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
    try shell("git", "clone", "-q", "--bare", "--no-hardlinks", source, template + "/remote.git")
    try shell("git", "clone", "-q", template + "/remote.git", template + "/a")
    try shell("git", "clone", "-q", template + "/remote.git", template + "/b")
    for clone in ["a", "b"] {
      try shell("git", "-C", "\(template)/\(clone)", "config", "user.name", "Bench \(clone)")
      try shell("git", "-C", "\(template)/\(clone)", "config", "user.email", "\(clone)@bench.test")
    }
    let store = try Store.open(at: template + "/a")
    let all = store.snapshot().bookmarks.sorted { $0.bookmark.id < $1.bookmark.id }
    let count = Self.changedPerSide
    try change(at: template + "/a", Array(all[0..<count]), side: "a")
    try change(at: template + "/b", Array(all[count..<(2 * count)]), side: "b")
    let pushed = try ProcessTimer.run(binary, ["sync"], in: template + "/a")
    guard pushed.status == 0 else {
      throw BenchError.failed("sync in clone A exited \(pushed.status): \(pushed.output)")
    }
    _ = FileManager.default.createFile(atPath: template + "/ready", contents: Data())
    return template
  }

  /// Commits changes to `bookmarks`: mostly title and note edits, 2 % URL edits (the file
  /// moves), 2 % deletions, and 2 % new bookmarks.
  private func change(at path: String, _ bookmarks: [LocatedBookmark], side: String) throws {
    var writes: [String: [UInt8]] = [:]
    var removals: Set<String> = []
    let later = Timestamp(millisecondsSince1970: 1_795_000_000_000)
    for (number, located) in bookmarks.enumerated() {
      var bookmark = located.bookmark
      bookmark.lastModified = later
      switch number % 50 {
      case 0:
        removals.insert(located.path)
        continue
      case 1:
        bookmark.url = try URLNormalizer.normalize(
          "https://moved-\(side).example/\(bookmark.id.rawValue)")
        removals.insert(located.path)
      case 2:
        var added = bookmark
        added.id = BookmarkID(uuid: UUID())
        added.url = try URLNormalizer.normalize("https://new-\(side).example/\(number)")
        added.created = later
        writes[BookmarkPath.relativePath(forNormalizedURL: added.url)] =
          BookmarkCodec.encode(added)
        bookmark.note += " (edited on \(side))"
      case 3:
        bookmark.tags = Bookmark.canonicalTags(bookmark.tags + ["bench/\(side)"])
      default:
        bookmark.title += " — \(side)"
      }
      writes[BookmarkPath.relativePath(forNormalizedURL: bookmark.url)] =
        BookmarkCodec.encode(bookmark)
    }
    let store = try Store.open(at: path)
    _ = try store.recordBulk(
      Change(
        message: "Bench: \(bookmarks.count) changes on \(side)", writes: writes,
        removals: removals))
  }

  /// B's HEAD must be a new merge of B's commit with what A pushed, and pushed.
  private func checkMerged(_ run: String, template: String) throws {
    let parents = try output("git", "-C", run + "/b", "rev-list", "--parents", "-n", "1", "HEAD")
      .split(separator: " ").map(String.init)
    let ours = try output("git", "-C", template + "/b", "rev-parse", "HEAD")
    let theirs = try output("git", "-C", template + "/remote.git", "rev-parse", "main")
    let pushed = try output("git", "-C", run + "/remote.git", "rev-parse", "main")
    guard parents.count == 3, parents[1] == ours, parents[2] == theirs, pushed == parents[0]
    else {
      throw BenchError.failed("clone B's sync did not merge and push: \(parents)")
    }
  }

  private func format(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private func shell(_ arguments: String...) throws {
    _ = try output(arguments)
  }

  private func output(_ arguments: String...) throws -> String {
    try output(arguments)
  }

  private func output(_ arguments: [String]) throws -> String {
    // A folder that outlives every run, whatever the runner's own working directory.
    try Command.run(arguments, in: work).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

enum BenchError: Error, CustomStringConvertible {
  case failed(String)

  var description: String {
    switch self {
    case .failed(let message): message
    }
  }
}
