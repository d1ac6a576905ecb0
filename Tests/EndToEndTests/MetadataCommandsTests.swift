import Foundation
import HolderCore
import HolderTestSupport
import Testing

@Suite struct MetadataCommandsTests {
  /// A binary, a store in its scratch directory, and the environment that lets it fetch.
  private func setUp() throws -> (HolderBinary, String) {
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    let made = try binary.run(["init", store])
    #expect(made.status == 0, "\(made.stderr)")
    return (binary, store)
  }

  private let online = ["HOLDER_GIT_OFFLINE": "0"]

  @Test func addStoresTheKoreanTitleAndTheImageOfAnEUCKRPage() throws {
    let server = try TestHTTPServer.fixtureSite()
    let (binary, store) = try setUp()
    let url = server.baseURL + "/euc-kr.html"
    let added = try binary.run(["add", url, "--json"], in: store, env: online)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stderr.isEmpty)
    #expect(added.stdout.contains("\"title\": \"서울특별시\""))
    #expect(added.stdout.contains("\"image\": \"\(server.baseURL)/images/seoul.png\""))
    let log = try binary.git.runGit(["log", "--format=%s"], in: store)
    #expect(log.split(separator: "\n").first == "Add \"서울특별시\"")

    let shown = try binary.run(["show", url], in: store)
    #expect(shown.stdout.contains("page title:    서울특별시"))
    #expect(shown.stdout.contains("description:   대한민국의 수도 & 최대 도시"))
  }

  @Test func addAgainstAServerThatNeverAnswersSavesWithinTheTimeout() throws {
    let server = try TestHTTPServer.fixtureSite()
    let (binary, store) = try setUp()
    let start = Date()
    let added = try binary.run(["add", server.baseURL + "/hang"], in: store, env: online)
    let elapsed = Date().timeIntervalSince(start)
    #expect(added.status == 0, "\(added.stderr)")
    // The server never answers: only an add that ignored its deadline waits this long; a
    // sanitizer's slowdown or a loaded machine stays far below it.
    #expect(elapsed < 30, "took \(elapsed) s")
    let warnings = added.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    #expect(
      warnings == [
        "warning: saved without the page's metadata: no answer from '\(server.baseURL)/hang' "
          + "within 2 s; 'holder-git refresh --missing-only' tries again"
      ])
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 1)
  }

  @Test func offlineAndNoFetchSkipTheFetch() throws {
    let server = try TestHTTPServer.fixtureSite()
    let (binary, store) = try setUp()
    let first = try binary.run(["add", server.baseURL + "/euc-kr.html"], in: store)
    #expect(first.status == 0, "\(first.stderr)")
    let second = try binary.run(
      ["add", server.baseURL + "/shift_jis.html", "--no-fetch"], in: store, env: online)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(server.received.isEmpty)
    let refused = try binary.run(["refresh", "--all"], in: store)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("HOLDER_GIT_OFFLINE"))
  }

  @Test func aTitleWithATerminalEscapeIsStoredButPrintedNeutralised() throws {
    let server = try TestHTTPServer.fixtureSite()
    let (binary, store) = try setUp()
    let url = server.baseURL + "/escape.html"
    let added = try binary.run(["add", url], in: store, env: online)
    #expect(added.status == 0, "\(added.stderr)")
    for output in [added.stdout, added.stderr, try binary.run(["list"], in: store).stdout] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x1B })
    }
    #expect(added.stdout.contains("Evil [2J\u{FFFD}31mred\u{FFFD}0m title"))
    let shown = try binary.run(["show", url, "--json"], in: store)
    // Stored as the page has it; JSON escapes the control character.
    #expect(shown.stdout.lowercased().contains("evil [2j\\u009b31mred\\u009b0m title"))
  }

  @Test func refreshFillsMissingMetadataAndTagsDeadLinks() throws {
    let server = try TestHTTPServer.fixtureSite()
    let (binary, store) = try setUp()
    for path in ["/euc-kr.html", "/shift_jis.html", "/status/404", "/status/500"] {
      let added = try binary.run(["add", server.baseURL + path], in: store)
      #expect(added.status == 0, "\(added.stderr)")
    }
    let refreshed = try binary.run(
      ["refresh", "--all", "--missing-only", "--tag-dead", "dead"], in: store, env: online)
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(
      refreshed.stderr.contains(
        "dead link: '\(server.baseURL)/status/404' answered 404 Not Found (tagged 'dead')"))
    #expect(
      refreshed.stderr.contains(
        "cannot refresh: '\(server.baseURL)/status/500' answered 500 Internal Server Error"))
    #expect(refreshed.stderr.contains("Refreshed 4 bookmarks: 3 changed, 2 could not be fetched"))
    let log = try binary.git.runGit(["log", "--format=%s"], in: store)
    #expect(log.split(separator: "\n").first == "Refresh metadata of 3 bookmarks")
    let listed = try binary.run(["list", "--tag", "dead"], in: store)
    #expect(listed.stdout.contains("/status/404"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  @Test func refreshNeedsToBeToldWhichBookmarks() throws {
    let (binary, store) = try setUp()
    let refused = try binary.run(["refresh"], in: store, env: online)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--all"))
  }
}
