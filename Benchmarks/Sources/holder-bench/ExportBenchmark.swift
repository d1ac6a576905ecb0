import Foundation
import HolderKit

/// `holder-bench --binary PATH --scenario export [--sizes …] [--runs N]`: times
/// `holder-git export` to a file per format, whole process, and prints one table.
///
/// Uses the same generated stores as the main table, so a store made by either is reused.
enum ExportBenchmark {
  static let formats = [("netscape", "html"), ("jsonl", "jsonl"), ("json", "json")]

  static func run(binary: String, sizes: [Int], runs: Int, work: String, seed: UInt64) throws {
    var lines: [String] = []
    var notes: [String] = []
    for size in sizes {
      let path = try ensureStore(size: size, work: work, seed: seed)
      for (format, ext) in formats {
        let output = "\(work)/export-\(size).\(ext)"
        var times: [Double] = []
        var cpu: [Double] = []
        var peak = 0
        // One run first warms the page cache and brings the index cache up to date.
        _ = try ProcessTimer.run(binary, ["export", "--format", format, output], in: path)
        for _ in 0..<runs {
          let measured = try ProcessTimer.run(
            binary, ["export", "--format", format, output], in: path)
          guard measured.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["format": format])
          }
          times.append(measured.milliseconds)
          cpu.append(measured.cpuMilliseconds)
          peak = max(peak, measured.peakKiB)
        }
        let bytes =
          (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        lines.append(
          "| \(size / 1000)k | \(format) | \(duration(median(times))) | \(duration(median(cpu))) "
            + "| \(String(format: "%.1f MiB", Double(peak) / 1024)) "
            + "| \(String(format: "%.1f MB", Double(bytes) / 1_000_000)) |")
        try? FileManager.default.removeItem(atPath: output)
      }
      notes.append("\(size): store at \(path)")
    }
    print("| store | format | wall | cpu | peak RSS | file |")
    print("|---|---|---:|---:|---:|---:|")
    for line in lines { print(line) }
    print("")
    print("Medians of \(runs) runs after one warm-up, whole process writing a file, this machine.")
    for note in notes { print("- " + note) }
  }

  /// The generated store of `size` bookmarks, made once and reused.
  static func ensureStore(size: Int, work: String, seed: UInt64) throws -> String {
    let path = "\(work)/store-\(size)-\(seed)"
    if !FileManager.default.fileExists(atPath: path + "/.holder/store.json") {
      try? FileManager.default.removeItem(atPath: path)
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      _ = try StoreGenerator(count: size, seed: seed).generate(at: path)
    }
    return path
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  private static func duration(_ milliseconds: Double) -> String {
    milliseconds >= 1_000
      ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.0f ms", milliseconds)
  }
}
