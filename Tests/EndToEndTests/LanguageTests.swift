import Foundation
import HolderTestSupport
import Localization
import Testing

/// The main commands under a Korean or Japanese locale leave no English sentence in what they
/// print (bookmarks, command and option names aside), and keep what is data as it is.
@Suite struct LanguageTests {
  static let firefox = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/bookmarks/firefox.html").path

  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func theMainCommandsSpeakTheLocalesLanguage(_ locale: String) throws {
    #expect(EnglishText.catalogRuns.count > 50)
    let binary = try HolderBinary()
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""]
    let store = binary.git.path("s")
    var printed: [(String, String)] = []
    func run(_ args: [String], status: Int32 = 0) throws -> HolderBinary.Result {
      let result = try binary.run(args, env: env)
      #expect(result.status == status, "\(args): \(result.stderr)")
      printed.append((args.joined(separator: " "), result.stdout + result.stderr))
      return result
    }

    _ = try run(["init", store])
    let url = "https://example.org/서울"
    _ = try run(["add", "--store", store, url, "--tag", "여행", "--note", "메모"])
    let again = try run(["add", "--store", store, url], status: 3)
    _ = try run(["list", "--store", store])
    _ = try run(["search", "--store", store, "서울"])
    _ = try run(["search", "--store", store, "nothing-like-this"], status: 1)
    _ = try run(["tags", "--store", store])
    let json = try run(["list", "--store", store, "--json"])
    _ = try run(["import", "--store", store, "--dry-run", Self.firefox])

    let file = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try Data("{\"url\": ".utf8).write(to: URL(fileURLWithPath: store + "/" + file))
    _ = try run(["check", "--store", store], status: 1)
    _ = try run(["list", "--store", store])
    try binary.git.runGit(["checkout", "--", file], in: store)

    try binary.git.runGit(
      ["remote", "add", "origin", binary.git.path("no-such-remote")], in: store)
    _ = try run(["sync", "--store", store], status: 5)
    _ = try run(["fav", "--store", store, url])
    _ = try run(["fav", "--store", store, url])
    let log = try run(["log", "--store", store, "--no-pager"])
    #expect(log.stdout.contains(locale.hasPrefix("ko") ? "년" : "年"), "\(log.stdout)")
    _ = try run(["--help"])
    _ = try run(["rm", "--store", store, url])
    for command in ["init", "add", "list", "search", "tags", "check", "sync", "import"] {
      _ = try run([command, "--help"])
    }

    for (command, output) in printed {
      #expect(EnglishText.runs(in: output).isEmpty, "\(command) printed English:\n\(output)")
    }
    // Data stays as it is: the bookmark, the JSON keys, the commit messages.
    #expect(again.stdout.contains(url) || again.stderr.contains(url))
    #expect(json.stdout.contains("\"url\" : \"\(url)\"") || json.stdout.contains("\"url\""))
    let subjects = try binary.git.runGit(["log", "--format=%s"], in: store)
    for subject in subjects.split(separator: "\n") {
      // Commits are written in English: "Add …", "Create bookmark store".
      #expect(subject.first.map { $0.isASCII && $0.isUppercase } == true, "\(subject)")
    }
    #expect(printed[0].1.contains(locale.hasPrefix("ko") ? "저장소" : "ストア"))
  }

  @Test func englishIsTheDefaultAndAnUnknownLanguageFallsBackToIt() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    for env in [["LANG": "fr_FR.UTF-8"], ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]] {
      let made = try binary.run(["init", store + (env["LC_ALL"] ?? "fr")], env: env)
      #expect(made.stderr.hasPrefix("Made an empty bookmark store in"))
    }
    let japanese = try binary.run(
      ["init", store + "ja"], env: ["LANG": "ko_KR.UTF-8", "HOLDER_GIT_LANG": "ja"])
    #expect(!japanese.stderr.hasPrefix("Made"))
    #expect(japanese.stderr.contains("ストア"))
  }
}
