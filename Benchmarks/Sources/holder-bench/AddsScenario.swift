import Foundation

/// `holder-bench --scenario adds [--adds 10000] [--every 1000] [--gc-auto N]`: many single
/// adds in a row, and what they leave in git's object store.
///
/// In a fresh copy of the generated store of the smallest size, runs `holder-git add
/// https://adds.example/<n> --no-fetch` N times one after another (each a whole process, as a
/// script of adds runs them), printing the median wall time of an add and the loose objects
/// after every block of adds. Then waits for a background packer to let go of the store's
/// lock (`flock` on `.git/holder-git.lock`, as the packing tests do), and prints
/// `git count-objects -v`, `git fsck --strict` and `git status --porcelain`. The goal of
/// issue 18: at most 6,700 loose objects after 10,000 single adds, everything reachable.
/// `--gc-auto N` sets `gc.auto` in the copy, to see packing happen with fewer adds.
struct AddsScenario {
  let binary: String
  let work: String
  let seed: UInt64

  /// Loose objects allowed after 10,000 single adds (issue 18).
  static let looseGoal = 6_700

  func run(size: Int, adds: Int, every: Int, gcAuto: Int?) throws {
    guard adds > 0, every > 0 else { throw BenchError.failed("--adds and --every must be > 0") }
    let source = try ExportBenchmark.ensureStore(size: size, work: work, seed: seed)
    let copy = "\(work)/adds-\(size)-run"
    try? FileManager.default.removeItem(atPath: copy)
    try command(["cp", "-a", source, copy])
    if let gcAuto { try git(["-C", copy, "config", "gc.auto", String(gcAuto)]) }
    let gcSetting = try? git(["-C", copy, "config", "gc.auto"]).output
    let before = try objects(copy)
    let bookmarksBefore = try bookmarkCount(copy)

    print(
      "| \(adds) single adds into \(size / 1000)k (gc.auto \(gcSetting ?? "unset, 6700")) "
        + "| median wall | median cpu | loose objects after | packs after |")
    print("|---|---:|---:|---:|---:|")
    print("| before | | | \(before["count"] ?? 0) | \(before["packs"] ?? 0) |")
    var wall: [Double] = []
    var cpu: [Double] = []
    var first = 1
    for number in 1...adds {
      let measured = try ProcessTimer.run(
        binary, ["add", "https://adds.example/\(number)", "--no-fetch"], in: copy)
      guard measured.status == 0 else {
        throw BenchError.failed("add \(number) exited \(measured.status): \(measured.output)")
      }
      wall.append(measured.milliseconds)
      cpu.append(measured.cpuMilliseconds)
      if number % every == 0 || number == adds {
        let now = try objects(copy)
        print(
          "| adds \(first)–\(number) | \(format(median(wall))) | \(format(median(cpu))) "
            + "| \(now["count"] ?? 0) | \(now["packs"] ?? 0) |")
        wall = []
        cpu = []
        first = number + 1
      }
    }

    // A packer started by the last adds holds the store's lock until it is done.
    let waited = Date()
    try command(["flock", "-w", "600", copy + "/.git/holder-git.lock", "true"])
    let waitedSeconds = -waited.timeIntervalSinceNow
    let after = try objects(copy)
    let fsck = try git(["-C", copy, "fsck", "--strict"], check: false)
    let fsckLines = fsck.output.split(separator: "\n")
    let dangling = fsckLines.filter { $0.hasPrefix("dangling") }.count
    let fsckOther = fsckLines.count - dangling
    let status = try git(["-C", copy, "status", "--porcelain"]).output
    let bookmarksAfter = try bookmarkCount(copy)

    let loose = after["count"] ?? 0
    print("")
    print("| after \(adds) adds and the packer | value | goal |")
    print("|---|---:|---|")
    print(
      "| loose objects (`count`) | \(loose) | ≤ \(Self.looseGoal) after 10,000 adds"
        + (adds == 10_000 ? (loose <= Self.looseGoal ? " (met)" : " (missed)") : "") + " |")
    print("| objects in packs (`in-pack`) | \(after["in-pack"] ?? 0) | |")
    print("| packs | \(after["packs"] ?? 0) | |")
    print("| garbage | \(after["garbage"] ?? 0) | 0 |")
    print(
      "| `git fsck --strict` | "
        + (fsck.status == 0 && fsckOther == 0
          ? "clean" : "exit \(fsck.status), \(fsckOther) problem lines")
        + (dangling > 0 ? ", \(dangling) dangling" : "") + " | clean, all reachable |")
    print(
      "| `git status --porcelain` | "
        + (status.isEmpty ? "empty" : "\(status.split(separator: "\n").count) lines")
        + " | empty |")
    print(
      "| bookmarks in HEAD | \(bookmarksAfter) (\(bookmarksAfter - bookmarksBefore) added) "
        + "| \(bookmarksBefore + adds) |")
    print("")
    print(
      "Each add a whole `holder-git add URL --no-fetch` process, one after another, in a fresh "
        + "copy of the generated store (\(copy)); the packer was waited for "
        + String(format: "%.1f s", waitedSeconds) + " (flock on .git/holder-git.lock).")
    if fsck.status != 0 || fsckOther > 0 {
      for line in fsckLines.prefix(10) where !line.hasPrefix("dangling") { print("- " + line) }
    }
    for line in status.split(separator: "\n").prefix(10) { print("- status: " + line) }
  }

  /// `git count-objects -v` as numbers by name.
  private func objects(_ store: String) throws -> [String: Int] {
    var figures: [String: Int] = [:]
    for line in try git(["-C", store, "count-objects", "-v"]).output.split(separator: "\n") {
      let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, let value = Int(parts[1]) { figures[parts[0]] = value }
    }
    return figures
  }

  /// The bookmark files in HEAD's tree.
  private func bookmarkCount(_ store: String) throws -> Int {
    try git(["-C", store, "ls-tree", "-r", "--name-only", "HEAD", "bookmarks"]).output
      .split(separator: "\n").count
  }

  /// Runs git from `work`, stdout and stderr together.
  @discardableResult
  private func git(_ arguments: [String], check: Bool = true) throws -> (
    status: Int32, output: String
  ) {
    try command(["git"] + arguments, check: check)
  }

  /// Runs a command found on PATH from `work`, stdout and stderr together.
  @discardableResult
  private func command(_ arguments: [String], check: Bool = true) throws -> (
    status: Int32, output: String
  ) {
    let result = try Command.run(arguments, in: work, check: check, mergingErrors: true)
    return (result.status, result.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private func format(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }
}
