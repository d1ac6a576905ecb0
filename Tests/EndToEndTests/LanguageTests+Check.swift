import Foundation
import HolderTestSupport
import Localization
import Testing

/// What the library says about a damaged store, under a Korean or Japanese locale: every kind
/// of `check` finding with its remedy, the JSON reader's errors, an invalid `edit` draft and a
/// file `import` cannot read are in the reader's language; paths and names stay as they are.
extension LanguageTests {
  /// Broken bookmark files, one per kind of mistake a hand edit makes.
  static let brokenFiles = [
    "line-break.json": "{\"url\": \"a\n",
    "comma.json": "{\"url\": \"https://example.org/x\",}",
    "duplicate.json": "{\"url\": \"https://example.org/x\", \"url\": \"https://example.org/y\"}",
    "escape.json": "{\"url\": \"https://example.org/\\q\"}",
    "number.json": "{\"url\": 01}",
    "trailing.json": "{} {}",
    "array.json": "[]",
    "missing.json": "{\"url\": \"https://example.org/x\"}",
    "type.json": "{\"id\": \"nope\", \"url\": \"https://example.org/x\", \"title\": 1}",
    "empty.json": "",
  ]

  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func checksFindingsAndTheReadersErrorsSpeakTheLocalesLanguage(_ locale: String) throws {
    let binary = try HolderBinary()
    let git = binary.git
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""]
    let store = git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let input = (1...6).map { "https://example.org/\($0)" }.joined(separator: "\n")
    #expect(
      try binary.run(["add", "--store", store, "-", "--tag", "t"], stdin: Array(input.utf8))
        .status == 0)
    let files = try git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let names = files.map { URL(fileURLWithPath: $0).lastPathComponent }
    func write(_ text: String, _ path: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + path))
    }
    func link(_ path: String, to target: String) throws {
      try? FileManager.default.removeItem(atPath: store + "/" + path)
      try FileManager.default.createSymbolicLink(
        atPath: store + "/" + path, withDestinationPath: target)
    }

    for (name, text) in Self.brokenFiles { try write(text, "bookmarks/e/example.org/" + name) }
    try write("not a bookmark", "bookmarks/e/example.org/zz")
    try link("bookmarks/e/example.org/link.json", to: "/etc/passwd")
    // Not canonical, with two spellings of one tag; saved twice (a copy under another name).
    let first = try String(contentsOfFile: store + "/" + files[0], encoding: .utf8)
    try write(
      first.replacingOccurrences(
        of: "\"tags\": \\[[^\\]]*\\]", with: "\"tags\": [\"t\", \"T\"]", options: .regularExpression
      ), files[0])
    try write(
      try String(contentsOfFile: store + "/" + files[1], encoding: .utf8),
      "bookmarks/e/example.org/copy-aaaaaaaa.json")
    // A file at a path its URL does not give.
    try git.runGit(["mv", files[2], "bookmarks/e/example.org/wrong-bbbbbbbb.json"], in: store)
    git.tick()
    try git.runGit(["commit", "-q", "-m", "Rename by hand"], in: store)
    // Tag views: one leaving the store, one missing, one extra, one pointing elsewhere, a file.
    try link("tags/t/passwd.json", to: "/etc/passwd")
    try FileManager.default.removeItem(atPath: store + "/tags/t/example.org-" + names[3])
    try FileManager.default.createDirectory(
      atPath: store + "/tags/other", withIntermediateDirectories: true)
    try link("tags/other/x.json", to: "../../bookmarks/e/example.org/" + names[4])
    try link("tags/t/example.org-" + names[4], to: "../../bookmarks/e/example.org/" + names[5])
    try write("a file", "tags/t/notes.txt")
    // Something committed under tags/.
    try git.runGit(["add", "-f", "tags/t/notes.txt"], in: store)
    git.tick()
    try git.runGit(["commit", "-q", "-m", "Commit a view"], in: store)
    // A deleted tag view folder.
    try FileManager.default.createDirectory(
      atPath: store + "/tags/gone", withIntermediateDirectories: true)

    var printed: [(String, String)] = []
    func run(
      _ args: [String], status: Int32?, stdin: String? = nil, extra: [String: String] = [:]
    ) throws -> String {
      let result = try binary.run(
        args, env: env.merging(extra) { $1 }, stdin: stdin.map { Array($0.utf8) })
      let said = result.stdout + result.stderr
      if let status { #expect(result.status == status, "\(args): \(said)") }
      printed.append((args.joined(separator: " "), said))
      return said
    }
    let checked = try run(["check", "--store", store], status: 1)
    #expect(checked.split(separator: "\n").count >= 20, "\(checked)")
    for name in Self.brokenFiles.keys { #expect(checked.contains(name), "\(name): \(checked)") }
    for path in ["tags/t/passwd.json", "tags/other/x.json", "tags/t/notes.txt", "zz", "link.json"] {
      #expect(checked.contains(path), "\(path): \(checked)")
    }
    _ = try run(["list", "--store", store], status: nil)
    _ = try run(["check", "--store", store, "--fix"], status: 1)
    _ = try run(["commit", "--store", store], status: nil)

    // An edit whose draft is invalid, edited again into one that changes the id, then aborted.
    let editor = git.path("editor.sh")
    let script = """
      #!/bin/sh
      n=$(cat "$0.count" 2>/dev/null || echo 0)
      echo $((n + 1)) > "$0.count"
      case $n in
        0) sed -i 's/"favorite": false,/"favorite": no,/' "$1" ;;
        1) sed -i 's/"favorite": no,/"favorite": false,/; s/"id": "[^"]*"/"id": "00000000-0000-4000-8000-000000000000"/' "$1" ;;
      esac

      """
    try writeExecutable(script, atPath: editor)
    let edited = try run(
      ["edit", "--store", store, files[5]], status: 1, stdin: "e\na\n",
      extra: ["EDITOR": editor, "VISUAL": ""])
    #expect(!edited.contains("line "), "\(edited)")
    #expect(edited.contains("id"), "\(edited)")

    // A file import cannot read.
    try write("just some words\n", "../notes.txt")
    _ = try run(["import", "--store", store, git.path("notes.txt")], status: 1)

    for (command, output) in printed {
      #expect(EnglishText.runs(in: output).isEmpty, "\(command) printed English:\n\(output)")
    }
  }

  /// The detector sees English the catalog does not know, and leaves data alone.
  @Test func theDetectorFindsUnknownEnglishButNotData() {
    #expect(
      EnglishText.runs(in: "오류: the remote is not reachable").contains(
        "the remote is not reachable"))
    #expect(!EnglishText.runs(in: "경고: could not be started from here").isEmpty)
    #expect(EnglishText.runs(in: "'tags/y'이(가) 'a file in the way'을(를) 가리켜요").isEmpty)
    #expect(EnglishText.runs(in: "https://example.org/is/a/test 추가 (A U Thor)").isEmpty)
    #expect(EnglishText.runs(in: "holder-git check --fix 를 실행해 주세요 <new-name>").isEmpty)
    #expect(EnglishText.runs(inPage: "<a href=\"/x\" class=\"is a b\">북마크</a>").isEmpty)
    #expect(!EnglishText.runs(inPage: "<p title=\"Open it in a tab\">열기</p>").isEmpty)
  }
}
