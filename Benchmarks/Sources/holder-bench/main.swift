import Foundation
import HolderCore
import HolderKit

// `holder-bench --binary PATH [--sizes 10000[,100000]] [--runs N] [--work DIR]
//  [--scenario sync|history|export|import|peers|adds] [--commits N] [--adds N] [--every N]
//  [--gc-auto N] [--distinct-tags]`
//
// Generates (once, then reuses) a store per size, then times whole runs of the release
// binary and prints two tables: medians over the runs, peak memory of the warm search; then
// holder-git beside buku and rg on the same data (PeerBenchmark). A scenario prints its own
// tables instead: `import` (beside buku, the file-system floor and plain git), `sync`
// (beside plain git), `history`, `export`, `peers`, `adds` (many single adds, then git's
// object store). `--floor-write MANIFEST --into DIR` is the import's floor, run by the import
// scenario as a process of its own. `--distinct-tags` makes the import scenario's files carry
// three quarters as many distinct tags as links.

var arguments = CommandLine.arguments.dropFirst()
var options: [String: String] = [:]
while let key = arguments.popFirst() {
  // An option with no value (a flag) is followed by the next option or nothing.
  let hasValue = arguments.first.map { !$0.hasPrefix("--") } ?? false
  options[key] = hasValue ? arguments.popFirst() ?? "" : ""
}
if let manifest = options["--floor-write"], let folder = options["--into"] {
  do {
    try FileSystemFloor.create(from: manifest, into: folder)
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
guard let binaryOption = options["--binary"] else {
  print(
    "usage: holder-bench --binary PATH [--sizes 10000,100000] [--runs N] [--work DIR] "
      + "[--scenario sync|history|export|import|peers|adds] [--commits N] "
      + "[--adds N] [--every N] [--gc-auto N]"
  )
  exit(64)
}
let binary = URL(fileURLWithPath: binaryOption).standardizedFileURL.path
let sizes = (options["--sizes"] ?? "10000").split(separator: ",").compactMap { Int($0) }
let runs = Int(options["--runs"] ?? "") ?? 7
let work = options["--work"] ?? NSTemporaryDirectory() + "holder-bench"
let seed: UInt64 = 20_261_122
if options["--scenario"] == "history" {
  try HistoryScenario.run(
    binary: binary, sizes: sizes, commits: Int(options["--commits"] ?? "") ?? 5_000, runs: runs,
    work: work, seed: seed)
  exit(0)
}

if options["--scenario"] == "sync" {
  try SyncScenario(
    binary: binary, work: work, seed: seed, runs: Int(options["--runs"] ?? "") ?? 3
  ).run(sizes: sizes)
  exit(0)
}

if options["--scenario"] == "import" {
  try ImportScenario.run(
    binary: binary, sizes: sizes, runs: runs, work: work, seed: seed,
    distinctTags: options["--distinct-tags"] != nil)
  exit(0)
}
if options["--scenario"] == "adds" {
  try AddsScenario(binary: binary, work: work, seed: seed).run(
    size: sizes.min() ?? 10_000, adds: Int(options["--adds"] ?? "") ?? 10_000,
    every: Int(options["--every"] ?? "") ?? 1_000, gcAuto: options["--gc-auto"].flatMap { Int($0) })
  exit(0)
}
if options["--scenario"] == "peers" {
  try PeerBenchmark.run(binary: binary, sizes: sizes, runs: runs, work: work, seed: seed)
  exit(0)
}
if options["--scenario"] == "export" {
  try ExportBenchmark.run(binary: binary, sizes: sizes, runs: runs, work: work, seed: seed)
  exit(0)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

struct Row {
  var name: String
  var goals: [Int: String]
  var results: [Int: String] = [:]
}

var rows = [
  Row(name: "index build, no cache (`search`)", goals: [10_000: "≤ 150 ms", 100_000: "≤ 1.0 s"]),
  Row(name: "keyword search, warm (1 %)", goals: [10_000: "≤ 25 ms", 100_000: "≤ 150 ms"]),
  Row(name: "Korean initials search `ㅅㅇㅌ`, warm", goals: [10_000: "≤ 25 ms", 100_000: "≤ 150 ms"]),
  Row(name: "`list --tag` (≈ 1 %), warm", goals: [10_000: "≤ 25 ms", 100_000: "≤ 150 ms"]),
  Row(
    name: "`add` one bookmark (commit written)", goals: [10_000: "≤ 25 ms", 100_000: "≤ 80 ms"]),
  Row(name: "peak memory, warm search", goals: [10_000: "≤ 45 MiB", 100_000: "≤ 60 MiB"]),
]
var notes: [String] = []

for size in sizes {
  let path = "\(work)/store-\(size)-\(seed)"
  if !FileManager.default.fileExists(atPath: path + "/.holder/store.json") {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let begin = Date()
    let store = try StoreGenerator(count: size, seed: seed).generate(at: path)
    FileHandle.standardError.write(
      Data(
        "generated \(size) bookmarks at \(store.root) in \(Int(-begin.timeIntervalSinceNow)) s\n"
          .utf8))
  }
  let store = try Store.open(at: path)
  // The tag closest to 1 % of the bookmarks (with the tags under it, as --tag counts).
  let bookmarks = store.bookmarkIndex().bookmarks
  var tagCounts: [String: Int] = [:]
  for located in bookmarks {
    var seen: Set<String> = []
    for tag in located.bookmark.tags {
      let parts = tag.split(separator: "/")
      for depth in 1...parts.count { seen.insert(parts[..<depth].joined(separator: "/")) }
    }
    for tag in seen { tagCounts[tag, default: 0] += 1 }
  }
  let target = bookmarks.count / 100
  let tag = tagCounts.min { abs($0.value - target) < abs($1.value - target) }?.key ?? "reading"

  func measure(_ fixed: [String], prepare: () -> Void = {}, vary: (() -> [String])? = nil)
    throws -> (String, Int, String)
  {
    var times: [Double] = []
    var cpu: [Double] = []
    var peak = 0
    var output = ""
    // One run first warms the page cache and brings the index up to date.
    _ = try ProcessTimer.run(binary, vary?() ?? fixed, in: path)
    for _ in 0..<runs {
      prepare()
      let arguments = vary?() ?? fixed
      let measured = try ProcessTimer.run(binary, arguments, in: path)
      guard measured.status == 0 else {
        throw CocoaError(.fileReadUnknown, userInfo: ["arguments": arguments])
      }
      times.append(measured.milliseconds)
      cpu.append(measured.cpuMilliseconds)
      peak = max(peak, measured.peakKiB)
      output = measured.output
    }
    return ("\(format(median(times))) (cpu \(format(median(cpu))))", peak, output)
  }
  func format(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }

  let cold = try measure(["search", "coffee", "--limit", "1"]) {
    try? FileManager.default.removeItem(atPath: path + "/.holder/local")
  }
  rows[0].results[size] = cold.0
  let warm = try measure(["search", StoreGenerator.onePercentWord])
  rows[1].results[size] = warm.0
  let warmCount = warm.2.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
  let korean = try measure(["search", "ㅅㅇㅌ"])
  rows[2].results[size] = korean.0
  let koreanCount = korean.2.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
  let list = try measure(["list", "--tag", tag])
  rows[3].results[size] = list.0
  let listCount = list.2.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
  let add = try measure([]) {
  } vary: {
    ["add", "https://bench.example/add/\(UUID().uuidString)", "--tag", "bench"]
  }
  rows[4].results[size] = add.0
  rows[5].results[size] = String(format: "%.1f MiB", Double(warm.1) / 1024)
  notes.append(
    "\(size): the 1 % search matched \(warmCount), ㅅㅇㅌ matched \(koreanCount), "
      + "`list --tag \(tag)` printed \(listCount) bookmarks")
}

var header = "| operation |"
var rule = "|---|"
for size in sizes {
  header += " \(size / 1000)k | goal |"
  rule += "---:|---|"
}
print(header)
print(rule)
for row in rows {
  var line = "| \(row.name) |"
  for size in sizes { line += " \(row.results[size] ?? "–") | \(row.goals[size] ?? "") |" }
  print(line)
}
print("")
print(
  "Medians of \(runs) runs after one warm-up, whole process, this machine: wall time (cpu: user + system)."
)
for note in notes { print("- " + note) }
print("")
try PeerBenchmark.run(binary: binary, sizes: sizes, runs: runs, work: work, seed: seed)
