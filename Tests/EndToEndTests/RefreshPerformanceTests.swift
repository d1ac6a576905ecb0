import Foundation
import HolderKit
import HolderTestSupport
import Testing

/// `refresh --all` on 1,000 bookmarks served on 127.0.0.1, at concurrency 1 and 8.
///
/// Slow (about a minute), so it runs only with `HOLDER_GIT_PERF=1`; it prints the figures.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["HOLDER_GIT_PERF"] == "1"))
struct RefreshPerformanceTests {
  @Test(arguments: [0, 20])
  func refreshAllOnAThousandBookmarks(latencyMilliseconds: Int) throws {
    let server = try TestHTTPServer.fixtureSite()
    let binary = try HolderBinary()
    let original = binary.git.path("store")
    let store = try Store.create(at: original, environment: .live)
    for index in 0..<1000 {
      let path =
        latencyMilliseconds == 0 ? "/many/\(index)" : "/slow/\(latencyMilliseconds)/many/\(index)"
      _ = try store.add(AddRequest(url: server.baseURL + path))
    }
    var figures: [String] = []
    for concurrency in [1, 8] {
      let copy = binary.git.path("store-\(concurrency)")
      try FileManager.default.copyItem(atPath: original, toPath: copy)
      let start = Date()
      let result = try binary.run(
        ["refresh", "--all", "--concurrency", "\(concurrency)"], in: copy,
        env: ["HOLDER_GIT_OFFLINE": "0"])
      let seconds = Date().timeIntervalSince(start)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("Refreshed 1000 bookmarks: 1000 changed"))
      figures.append(String(format: "concurrency %d: %.2f s", concurrency, seconds))
    }
    print(
      "refresh --all, 1,000 pages, \(latencyMilliseconds) ms latency: "
        + figures.joined(separator: ", "))
  }
}
