import Foundation
import HolderTestSupport
import Testing

@Suite struct OutputTests {
  /// Runs the binary on a pseudo-terminal `columns` wide, through util-linux's `script`.
  private func onTerminal(
    _ binary: HolderBinary, _ args: [String], columns: Int, env: [String: String] = [:]
  ) throws -> String {
    let quoted = ([HolderBinary.path] + args).map { "'\($0)'" }.joined(separator: " ")
    var environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
    environment["HOME"] = binary.git.root
    environment["COLUMNS"] = String(columns)
    environment["TERM"] = "xterm"
    // What holder-git itself prints, not a pager's screen (ConventionsTests covers the pager).
    environment["GIT_PAGER"] = "cat"
    environment.merge(env) { _, new in new }
    let result = try runProcess(
      "/usr/bin/script", ["-qec", quoted, "/dev/null"], cwd: binary.git.root, env: environment,
      stdin: nil)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
  }

  private func storeWithLongTitles(_ binary: HolderBinary) throws -> String {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let lines = """
      https://ko.wikipedia.org/wiki/서울특별시\t서울특별시는 대한민국의 수도이며 아주 긴 제목을 가진 문서입니다
      https://example.org/a/very/long/path/that/goes/on/and/on\tA title \u{1B}[2J with an escape
      """
    let added = try binary.run(
      ["add", "--store", store, "-", "--tag", "a-rather-long-tag/nested"], stdin: Array(lines.utf8))
    #expect(added.status == 0, "\(added.stderr)")
    return store
  }

  @Test func listsFitTheTerminalAndAreColouredOnlyThere() throws {
    let binary = try HolderBinary()
    let store = try storeWithLongTitles(binary)
    let coloured = try onTerminal(binary, ["list", "--store", store], columns: 40)
    #expect(coloured.contains("\u{1B}[1m"))
    #expect(coloured.contains("…"))
    let plain = try onTerminal(
      binary, ["list", "--store", store], columns: 40, env: ["NO_COLOR": "1"])
    #expect(!plain.contains("\u{1B}["))
    for line in plain.split(separator: "\n") {
      let width = line.unicodeScalars.reduce(0) {
        $0 + (($1.value >= 0xAC00 && $1.value <= 0xD7A3) ? 2 : 1)
      }
      #expect(width <= 40, "\(line)")
    }
    let tags = try onTerminal(binary, ["tags", "--store", store], columns: 20)
    #expect(tags.split(separator: "\n").allSatisfy { $0.count <= 20 }, "\(tags)")
    #expect(tags.contains("…"))
    let piped = try binary.run(["list", "--store", store])
    #expect(!piped.stdout.contains("\u{1B}"))
    #expect(!piped.stdout.contains("…"))
    #expect(piped.stdout.contains("A title ␛[2J with an escape"))
  }

  @Test func everyListingCommandPrintsJSONPythonCanRead() throws {
    let binary = try HolderBinary()
    let store = try storeWithLongTitles(binary)
    let commands: [[String]] = [
      ["list"], ["show", "https://example.org/a/very/long/path/that/goes/on/and/on"],
      ["tags"], ["tags", "--flat"], ["check"],
      ["fav", "https://ko.wikipedia.org/wiki/서울특별시"],
      ["edit", "https://ko.wikipedia.org/wiki/서울특별시", "--add-tag", "x"],
      ["tag", "move", "x", "--before", "a-rather-long-tag"], ["tag", "rename", "x", "y"],
      ["tag", "delete", "y"], ["unfav", "https://ko.wikipedia.org/wiki/서울특별시"],
      ["rm", "https://ko.wikipedia.org/wiki/서울특별시"],
      ["add", "https://ko.wikipedia.org/wiki/서울특별시"], ["commit"],
    ]
    for command in commands {
      let result = try binary.run(command + ["--store", store, "--json"])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let parsed = try runProcess(
        "/usr/bin/python3", ["-c", "import json,sys; json.load(sys.stdin)"], cwd: nil, env: nil,
        stdin: Array(result.stdout.utf8))
      #expect(parsed.status == 0, "\(command): \(parsed.stderr)")
    }
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }

  @Test func completionScriptsAndBookmarkAndTagCompletion() throws {
    let binary = try HolderBinary()
    let store = try storeWithLongTitles(binary)
    for shell in ["bash", "zsh", "fish"] {
      let script = try binary.run(["--generate-completion-script", shell])
      #expect(script.status == 0)
      #expect(script.stdout.contains("---completion edit -- positional@0"), "\(shell)")
    }
    let bookmarks = try binary.run(
      ["---completion", "open", "--", "positional@0", "2", "5", "holder-git", "open", "https"],
      env: ["HOLDER_GIT_STORE": store])
    #expect(bookmarks.stdout.split(separator: "\n").count == 2)
    #expect(bookmarks.stdout.contains("https://ko.wikipedia.org/wiki/서울특별시\n"))
    let short = try binary.run(
      ["---completion", "open", "--", "positional@0", "2", "2", "holder-git", "open", "ko"],
      env: ["HOLDER_GIT_STORE": store])
    #expect(short.stdout == "ko.wikipedia.org/wiki/서울특별시\n")
    let tags = try binary.run(
      [
        "---completion", "tag", "rename", "--", "positional@0", "3", "1", "holder-git", "tag",
        "rename", "a",
      ],
      env: ["HOLDER_GIT_STORE": store])
    // A tag above a bookmark's tag is a tag too: renaming it moves the ones under it.
    #expect(tags.stdout == "a-rather-long-tag\na-rather-long-tag/nested\n")
  }

  @Test func everyCommandsHelpHasExamples() throws {
    let binary = try HolderBinary()
    let commands = [
      ["add"], ["show"], ["list"], ["rm"], ["init"], ["commit"], ["edit"], ["fav"], ["unfav"],
      ["open"], ["tags"], ["tag"], ["tag", "rename"], ["tag", "delete"], ["tag", "move"],
      ["check"],
    ]
    for command in commands {
      let help = try binary.run(command + ["--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Examples:"), "\(command)")
    }
  }
}
