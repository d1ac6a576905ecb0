import Foundation
import HolderTestSupport
import Testing

@Suite struct SearchCommandTests {
  /// A store with English, Korean, Japanese and accented bookmarks, made through the binary.
  private func makeStore() throws -> (HolderBinary, String) {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    let adds: [[String]] = [
      ["https://swift.org/blog", "--title", "Swift Blog", "--tag", "dev/swift"],
      ["https://example.kr/swift", "--title", "스위프트 입문", "--tag", "한국어", "--favorite"],
      ["https://ja.wikipedia.org/wiki/東京", "--title", "東京タワー", "--note", "とうきょう"],
      ["https://fr.wikipedia.org/wiki/Crème", "--title", "Crème brûlée", "--tag", "cuisine"],
    ]
    for arguments in adds {
      let added = try binary.run(["add"] + arguments, in: store)
      #expect(added.status == 0, "\(added.stderr)")
    }
    return (binary, store)
  }

  private func titles(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
      String($0.dropFirst(10))
    }
  }

  @Test func findsRanksAndPrintsPlainTextWhenPiped() throws {
    let (binary, store) = try makeStore()
    let swift = try binary.run(["search", "swift"], in: store)
    #expect(swift.status == 0, "\(swift.stderr)")
    #expect(titles(swift.stdout) == ["Swift Blog", "★ 스위프트 입문"])
    #expect(!swift.stdout.contains("\u{1B}"))
    #expect(titles(try binary.run(["search", "ㅅㅇㅍㅌ"], in: store).stdout) == ["★ 스위프트 입문"])
    #expect(
      titles(try binary.run(["search", "creme", "BRULEE"], in: store).stdout) == ["Crème brûlée"])
    #expect(titles(try binary.run(["search", "タワー"], in: store).stdout) == ["東京タワー"])
    let filtered = try binary.run(["search", "swift", "--favorites"], in: store)
    #expect(titles(filtered.stdout) == ["★ 스위프트 입문"])
    let limited = try binary.run(["search", "swift", "--limit", "1", "--sort", "title"], in: store)
    #expect(titles(limited.stdout) == ["Swift Blog"])
    #expect(limited.stderr.contains("1 more"))
    let none = try binary.run(["search", "nothing"], in: store)
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
    #expect(none.stderr.contains("no bookmark matches 'nothing'"))
  }

  @Test func printsTheDocumentedJSON() throws {
    let (binary, store) = try makeStore()
    let result = try binary.run(["search", "tag:dev", "--json"], in: store)
    #expect(result.status == 0)
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(array?.map { $0["title"] as? String } == ["Swift Blog"])
    #expect(array?.first?["path"] as? String != nil)
  }

  @Test func highlightsOnlyOnATerminalAndHonoursNoColor() throws {
    let (binary, store) = try makeStore()
    let command = "'\(HolderBinary.path)' search swift"
    let terminal = try runProcess(
      "/usr/bin/script", ["-qec", command, "/dev/null"], cwd: store,
      env: ["HOME": binary.git.root, "PATH": "/usr/bin:/bin", "TERM": "xterm", "GIT_PAGER": "cat"],
      stdin: nil)
    #expect(terminal.stdout.contains("\u{1B}[1;33mSwift\u{1B}[0m Blog"), "\(terminal.stdout)")
    let noColor = try runProcess(
      "/usr/bin/script", ["-qec", command, "/dev/null"], cwd: store,
      env: ["HOME": binary.git.root, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "GIT_PAGER": "cat"],
      stdin: nil)
    #expect(noColor.stdout.contains("Swift Blog"))
    #expect(!noColor.stdout.contains("\u{1B}["))
  }

  @Test func remembersRecentSearches() throws {
    let (binary, store) = try makeStore()
    try binary.run(["search", "swift"], in: store)
    try binary.run(["search", "nothing-matches"], in: store)
    try binary.run(["search", "東京"], in: store)
    try binary.run(["search", "swift"], in: store)
    #expect(try binary.run(["search", "--recent"], in: store).stdout == "swift\n東京\n")
    #expect(try binary.run(["search", "--clear-recent"], in: store).status == 0)
    #expect(try binary.run(["search", "--recent"], in: store).stdout.isEmpty)
  }

  @Test func badQueriesAreUsageErrors() throws {
    let (binary, store) = try makeStore()
    for arguments in [
      ["search"], ["search", "before:2026-13-01"], ["search", "\"open"],
      ["search", "x", "--recent"], ["search", "x", "--limit", "0"],
    ] {
      let result = try binary.run(arguments, in: store)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains("Error:"), "\(arguments)")
    }
  }

  @Test func listSeesAHandEditThroughTheIndex() throws {
    let (binary, store) = try makeStore()
    #expect(try binary.run(["list"], in: store).status == 0)
    let files = try binary.git.runGit(["ls-files", "bookmarks/s"], in: store)
    let path = store + "/" + files.trimmingCharacters(in: .whitespacesAndNewlines)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "Swift Blog", with: "Swift News").utf8)
      .write(to: URL(fileURLWithPath: path))
    let listed = try binary.run(["list", "--tag", "dev"], in: store)
    #expect(titles(listed.stdout) == ["Swift News"])
    #expect(titles(try binary.run(["search", "news"], in: store).stdout) == ["Swift News"])
  }
}

@Suite struct SearchExclusionTests {
  /// Exclusions start with '-' as options do; they are query words all the same, while the real
  /// options still work wherever they stand and a mistyped long option is still refused.
  @Test func exclusionsAreQueryWordsNotOptions() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    #expect(try binary.run(["init", store]).status == 0)
    let adds: [[String]] = [
      ["https://swift.org/documentation/result-builders", "--title", "Result builders guide"],
      ["https://swift.org/tutorial/result-builders", "--title", "Result builders tutorial"],
      ["https://swift.org/blog", "--title", "Swift Blog", "--tag", "reading"],
      ["https://example.org/swift", "--title", "Swift elsewhere", "--tag", "dev"],
    ]
    for arguments in adds {
      #expect(try binary.run(["add", "--store", store] + arguments).status == 0)
    }
    func titles(_ arguments: [String]) throws -> [String] {
      let result = try binary.run(["search", "--store", store] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let array =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      return (array ?? []).compactMap { $0["title"] as? String }.sorted()
    }
    #expect(
      try titles(["swift", "-tag:reading", "--json"])
        == ["Result builders guide", "Result builders tutorial", "Swift elsewhere"])
    #expect(
      try titles(["\"result builders\"", "-tutorial", "site:swift.org", "--json"])
        == ["Result builders guide"])
    #expect(try titles(["--json", "swift", "-site:swift.org"]) == ["Swift elsewhere"])
    #expect(
      try titles(["swift", "-blog", "--tag", "dev", "--limit", "5", "--json"]) == [
        "Swift elsewhere"
      ])
    let mistyped = try binary.run(["search", "--store", store, "swift", "--limt", "5"])
    #expect(mistyped.status == 64)
    #expect(mistyped.stderr.contains("--limt"), "\(mistyped.stderr)")
  }
}
