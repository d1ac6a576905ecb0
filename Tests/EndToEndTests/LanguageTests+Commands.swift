import Foundation
import HolderTestSupport
import Localization
import Testing

/// The rest of the commands, their help and the library's errors with their remedies, under a
/// Korean or Japanese locale: no English sentence left, dates in the reader's conventions.
extension LanguageTests {
  static let everyOtherCommand = [
    "edit", "show", "refresh", "restore", "tag", "tag rename", "tag delete", "tag move", "dedupe",
    "export", "clone", "remote", "remote add", "remote list", "remote remove", "remote rename",
    "remote set-url", "commit",
    "conflicts", "status", "log", "diff", "undo", "redo", "serve", "fav", "unfav", "open", "rm",
  ]

  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func everyOtherCommandAndItsErrorsSpeakTheLocalesLanguage(_ locale: String) throws {
    let binary = try HolderBinary()
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": "", "HOLDER_GIT_OFFLINE": "1"]
    let store = binary.git.path("s")
    var printed: [(String, String)] = []
    @discardableResult
    func run(_ args: [String], status: Int32? = 0) throws -> HolderBinary.Result {
      let result = try binary.run(args, env: env)
      if let status { #expect(result.status == status, "\(args): \(result.stderr)") }
      printed.append((args.joined(separator: " "), result.stdout + result.stderr))
      return result
    }

    try run(["init", store])
    let first = "https://example.org/서울"
    let second = "https://example.org/東京"
    try run(["add", "--store", store, first, "--tag", "여행"])
    try run(["add", "--store", store, second, "--tag", "여행"])
    let shown = try run(["show", "--store", store, first])
    #expect(shown.stdout.contains(locale.hasPrefix("ko") ? "년" : "年"), "\(shown.stdout)")
    try run(["edit", "--store", store, first, "--title", "서울", "--add-tag", "도시"])
    try run(["tag", "rename", "--store", store, "여행", "旅行"])
    try run(["tag", "move", "--store", store, "도시", "--before", "旅行"])
    try run(["tag", "delete", "--store", store, "도시"])
    let log = try run(["log", "--store", store, "--no-pager"])
    // The rename changed two bookmarks: one sentence from the commit's data, in the language.
    #expect(log.stdout.contains("→ 旅行"), "\(log.stdout)")
    try run(["status", "--store", store])
    try run(["conflicts", "--store", store])
    try run(["export", "--store", store, binary.git.path("out.html")])
    try run(["remote", "add", "--store", store, "backup", binary.git.path("backup.git")])
    try run(["remote", "list", "--store", store])
    try run(["remote", "set-url", "--store", store, "backup", binary.git.path("usb.git")])
    try run(["remote", "rename", "--store", store, "backup", "usb"])
    try run(["remote", "add", "--store", store, "usb", binary.git.path("x.git")], status: nil)
    try run(["remote", "remove", "--store", store, "usb"])
    try run(["clone", binary.git.path("backup.git"), store], status: nil)
    try run(["clone", binary.git.path("backup.git"), binary.git.root], status: nil)
    try run(["commit", "--store", store])
    try run(["diff", "--store", store])
    try run(["undo", "--store", store, "--dry-run"])
    try run(["rm", "--store", store, second])
    try run(["restore", "--store", store, "--deleted"])
    try run(["restore", "--store", store, second])
    try run(["dedupe", "--store", store, first], status: nil)

    // Errors with their remedies: a missing store, an unknown bookmark, a bad option value.
    try run(["list", "--store", binary.git.path("nowhere")], status: nil)
    try run(["show", "--store", store, "https://nothing.example/"], status: nil)
    try run(["log", "--store", store, "-n", "0"], status: nil)
    try run(["restore", "--store", store, first, "--at", "not-a-date"], status: nil)
    try run(["search", "--store", store, "fav:maybe"], status: nil)
    try run(["add", "--store", store, "javascript:alert(1)"], status: nil)
    try run(["sync", "--store", store], status: nil)
    try run(["export", "--store", store, "--format", "xx"], status: nil)

    for command in Self.everyOtherCommand {
      try run(command.split(separator: " ").map(String.init) + ["--help"])
    }

    for (command, output) in printed {
      #expect(EnglishText.runs(in: output).isEmpty, "\(command) printed English:\n\(output)")
    }
    let subjects = try binary.git.runGit(["log", "--format=%s"], in: store)
    #expect(subjects.contains("Rename tag 여행 → 旅行 (2 bookmarks)"), "\(subjects)")
  }
}
