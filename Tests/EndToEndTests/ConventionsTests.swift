import Foundation
import HolderTestSupport
import Testing

/// The conventions a git user expects of the command line: the first message points at the
/// right `init`, `init` asks before taking over the home folder, `search` exits 1 when nothing
/// matches, colour and the pager are decided as git decides them, `--quiet` leaves only errors,
/// the report commands print JSON, and `holder-git` alone prints a short usage.
@Suite struct ConventionsTests {
  /// What a run on a pseudo-terminal (util-linux's `script`) printed, and how it ended.
  struct TerminalRun {
    var status: Int32
    var output: String
  }

  /// Runs the binary with a terminal for stdin, stdout and stderr, as a person's shell does;
  /// `stdin` is typed into it.
  private func onTerminal(
    _ binary: HolderBinary, _ args: [String], in directory: String? = nil,
    env: [String: String] = [:], stdin: String? = nil
  ) throws -> TerminalRun {
    let quoted = ([HolderBinary.path] + args).map { "'\($0)'" }.joined(separator: " ")
    var environment = binary.environment(["TERM": "xterm", "SHELL": "/bin/sh"])
    environment["NO_COLOR"] = nil
    environment["PAGER"] = nil
    environment["LESS"] = nil
    environment.merge(env) { _, new in new }
    let result = try runProcess(
      "/usr/bin/timeout", ["60", "/usr/bin/script", "-qec", quoted, "/dev/null"],
      cwd: directory ?? binary.git.root, env: environment, stdin: stdin.map { Array($0.utf8) })
    return TerminalRun(
      status: result.status, output: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  private func store(_ binary: HolderBinary, _ name: String = "s") throws -> String {
    let store = binary.git.path(name)
    #expect(try binary.run(["init", store]).status == 0)
    for (url, title) in [("https://swift.org/blog", "Swift Blog"), ("https://a.example/", "Alpha")]
    {
      let added = try binary.run(["add", "--store", store, url, "--title", title, "--tag", "dev"])
      #expect(added.status == 0, "\(added.stderr)")
    }
    return store
  }

  private func writeExecutable(_ text: String, atPath path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  // MARK: - init and the missing store

  @Test func aMissingDefaultStoreNamesInitDefault() throws {
    let binary = try HolderBinary()
    let elsewhere = binary.git.path("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let list = try binary.run(["list"], in: elsewhere)
    #expect(list.status == 1)
    #expect(list.stderr.contains("run 'holder-git init --default'"), "\(list.stderr)")
    // Every command that opens a store says the same, the packer included.
    for command in [["search", "x"], ["serve"], ["pack"], ["sync"], ["log"]] {
      let run = try binary.run(command, in: elsewhere)
      #expect(run.status == 1, "\(command)")
      #expect(run.stderr.contains("run 'holder-git init --default'"), "\(command): \(run.stderr)")
    }
    // Following the advice works: the next command, from anywhere, finds the store.
    #expect(try binary.run(["init", "--default"], in: elsewhere).status == 0)
    #expect(try binary.run(["list"], in: elsewhere).status == 0)
    // A store named by --store that is not there: the init that makes that one.
    let named = try binary.run(["list", "--store", binary.git.path("my store")])
    #expect(named.status == 1)
    #expect(named.stderr.contains("run 'holder-git init '\(binary.git.path("my store"))''"))
  }

  @Test func initInTheHomeFolderAsksFirst() throws {
    let binary = try HolderBinary()
    let home = binary.git.root
    let made = home + "/.holder/store.json"
    // Not on a terminal: refused, naming the two commands meant more often.
    let piped = try binary.run(["init"], in: home)
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("'holder-git init --default'"), "\(piped.stderr)")
    #expect(piped.stderr.contains("'holder-git init PATH'"))
    #expect(!FileManager.default.fileExists(atPath: made))
    #expect(!FileManager.default.fileExists(atPath: home + "/.git"))
    // On a terminal: a question, no unless told yes (Enter alone is no).
    for answer in ["\n", "n\n", "nope\n"] {
      let asked = try onTerminal(binary, ["init"], in: home, stdin: answer)
      #expect(asked.status == 1, "\(asked.output)")
      #expect(asked.output.contains("[y/N]"))
      #expect(!FileManager.default.fileExists(atPath: made))
    }
    let yes = try onTerminal(binary, ["init"], in: home, stdin: "y\n")
    #expect(yes.status == 0, "\(yes.output)")
    #expect(FileManager.default.fileExists(atPath: made))
    // A folder under the home folder is no home folder: made without a question.
    let sub = binary.git.path("sub")
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: sub).status == 0)
  }

  // MARK: - search's exit code

  @Test func searchExitsOneWhenNothingMatchesAsGrepDoes() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    #expect(try binary.run(["search", "swift"], in: store).status == 0)
    let none = try binary.run(["search", "nothing-like-this"], in: store)
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
    #expect(none.stderr.contains("no bookmark matches"))
    let noneJSON = try binary.run(["search", "nothing-like-this", "--json"], in: store)
    #expect(noneJSON.status == 1)
    #expect(try json(noneJSON.stdout) as? [Any] != nil)
    #expect(try binary.run(["search", "--recent"], in: store).status == 0)
    // Documented where exit codes are: the help and the README.
    let help = try binary.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(help.contains("search exits 1 when nothing matches"))
  }

  // MARK: - colour

  /// Colour on a terminal that is not `dumb` and without `NO_COLOR`, and the same rule for
  /// every command: `list`'s colours and `search`'s highlight.
  @Test func everyCommandDecidesColourTheSameWay() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let cases: [([String: String], Bool)] = [
      (["TERM": "xterm"], true), (["TERM": "dumb"], false),
      (["TERM": "xterm", "NO_COLOR": "1"], false), (["TERM": "xterm", "NO_COLOR": "0"], false),
    ]
    for (env, coloured) in cases {
      for command in [["list"], ["search", "swift"]] {
        let run = try onTerminal(
          binary, ["--no-pager"] + command + ["--store", store], env: env)
        #expect(run.status == 0, "\(command) \(env): \(run.output)")
        #expect(run.output.contains("\u{1B}[") == coloured, "\(command) \(env)")
      }
    }
    // Never when piped.
    for command in [["list"], ["search", "swift"]] {
      let piped = try binary.run(command + ["--store", store], env: ["TERM": "xterm"])
      #expect(!piped.stdout.contains("\u{1B}"), "\(command)")
    }
  }

  // MARK: - the pager

  @Test func listSearchDiffAndLogGoThroughThePagerGitWouldChoose() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let marker = binary.git.path("pager-ran")
    func pager(_ name: String) throws -> String {
      let path = binary.git.path(name)
      try writeExecutable(
        "#!/bin/sh\necho \"\(name) LESS=$LESS\" >> '\(marker)'\nsed 's/^/\(name):/'\n",
        atPath: path)
      return path
    }
    let gitPager = try pager("gitpager")
    let envPager = try pager("envpager")
    let corePager = try pager("corepager")
    // An uncommitted hand edit, so `diff` has a line to print.
    let shown = try binary.run(["show", "https://a.example/", "--store", store, "--json"])
    let file = try #require((try json(shown.stdout) as? [String: Any])?["path"] as? String)
    let bookmark = store + "/" + file
    let text = try String(contentsOfFile: bookmark, encoding: .utf8)
    try text.replacingOccurrences(of: "\"Alpha\"", with: "\"Alpha 2\"").write(
      toFile: bookmark, atomically: true, encoding: .utf8)

    func paged(_ command: [String], env: [String: String]) throws -> String {
      try? FileManager.default.removeItem(atPath: marker)
      let run = try onTerminal(binary, command + ["--store", store], env: env)
      #expect(run.status == 0, "\(command): \(run.output)")
      return run.output
    }
    for command in [["list"], ["search", "swift"], ["diff"], ["log"]] {
      let output = try paged(command, env: ["GIT_PAGER": gitPager, "PAGER": envPager])
      #expect(output.contains("gitpager:"), "\(command): \(output)")
      // LESS=FRX is given when LESS is not set, as git gives it.
      let ran = try String(contentsOfFile: marker, encoding: .utf8)
      #expect(ran == "gitpager LESS=FRX\n", "\(command)")
    }
    // Colour decided for the terminal survives the pager.
    #expect(try paged(["list"], env: ["GIT_PAGER": gitPager]).contains("\u{1B}["))
    // Then the store's core.pager, then $PAGER.
    try binary.git.runGit(["config", "core.pager", corePager], in: store)
    #expect(try paged(["list"], env: ["PAGER": envPager]).contains("corepager:"))
    try binary.git.runGit(["config", "--unset", "core.pager"], in: store)
    #expect(try paged(["list"], env: ["PAGER": envPager]).contains("envpager:"))
    // An empty pager or cat is none, and so is --no-pager before the command.
    for env in [
      ["GIT_PAGER": "", "PAGER": envPager], ["GIT_PAGER": "cat", "PAGER": envPager], ["PAGER": ""],
    ] {
      let output = try paged(["list"], env: env)
      #expect(!output.contains("pager:"), "\(env)")
      #expect(output.contains("Swift Blog"))
    }
    let off = try onTerminal(
      binary, ["--no-pager", "list", "--store", store], env: ["GIT_PAGER": gitPager])
    #expect(!off.output.contains("gitpager:"))
    #expect(off.output.contains("Swift Blog"))
    // Piped output is never paged.
    let piped = try binary.run(["list", "--store", store], env: ["GIT_PAGER": gitPager])
    #expect(!piped.stdout.contains("gitpager:"))
  }

  // MARK: - --quiet

  /// The law: on two stores given the same commands, `-q` changes no exit code, prints
  /// nothing on stdout, and on stderr only the `Error: …` line of a command that failed.
  @Test func quietLeavesOnlyErrors() throws {
    let binary = try HolderBinary()
    let loud = binary.git.path("loud")
    let quiet = binary.git.path("quiet")
    let netscape = binary.git.path("bookmarks.html")
    try """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
    <DT><A HREF="https://imported.example/">Imported</A>
    </DL><p>
    """.write(toFile: netscape, atomically: true, encoding: .utf8)
    let url = "https://example.org/q"
    let steps: [[String]] = [
      ["init"], ["add", url, "--title", "Q", "--tag", "x", "--no-fetch"],
      ["add", url, "--no-fetch"],
      ["edit", url, "--title", "Q2"], ["fav", url], ["unfav", url],
      ["tag", "rename", "x", "y"], ["tag", "delete", "y"],
      ["undo"], ["redo"], ["commit"],
      ["import", netscape], ["export", binary.git.path("out-NAME.json")],
      ["refresh", "--all"], ["dedupe", url, "--dry-run"], ["rm", url],
      ["restore", url], ["pack"], ["remote", "add", "backup", binary.git.path("none.git")],
      ["remote", "rename", "backup", "spare"], ["remote", "remove", "spare"],
      ["sync"],
    ]
    for step in steps {
      func run(_ store: String, _ extra: [String]) throws -> HolderBinary.Result {
        let name = store == loud ? "loud" : "quiet"
        let args =
          step == ["init"]
          ? ["init", store] + extra
          : step.map { $0.replacingOccurrences(of: "NAME", with: name) } + ["--store", store]
            + extra
        return try binary.run(args)
      }
      let said = try run(loud, [])
      let silent = try run(quiet, ["-q"])
      #expect(silent.status == said.status, "\(step): \(said.stderr) / \(silent.stderr)")
      #expect(!(said.stdout + said.stderr).isEmpty, "\(step) reports something")
      #expect(silent.stdout.isEmpty, "\(step): \(silent.stdout)")
      if said.stderr.contains("Error: ") {
        #expect(silent.stderr.hasPrefix("Error: "), "\(step): \(silent.stderr)")
        #expect(!silent.stderr.contains("\nwarning") && !silent.stderr.contains("\nnote"))
      } else {
        #expect(silent.stderr.isEmpty, "\(step): \(silent.stderr)")
      }
    }
    // JSON asked for by name is still printed.
    let added = try binary.run(
      ["add", "https://example.org/json", "--no-fetch", "--store", quiet, "-q", "--json"])
    #expect(try json(added.stdout) as? [String: Any] != nil)
  }

  // MARK: - --json on the reports

  @Test func reportCommandsPrintTheDocumentedJSON() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    let url = "https://example.org/1"
    #expect(try binary.run(["add", "--store", laptop, url, "--no-fetch"]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    #expect(try binary.run(["clone", remote, phone]).status == 0)

    func object(_ args: [String], in store: String, status: Int32 = 0) throws -> [String: Any] {
      let result = try binary.run(args + ["--store", store, "--json"])
      #expect(result.status == status, "\(args): \(result.stderr)")
      return try #require(try json(result.stdout) as? [String: Any], "\(args): \(result.stdout)")
    }
    func array(_ args: [String], in store: String) throws -> [[String: Any]] {
      let result = try binary.run(args + ["--store", store, "--json"])
      #expect(result.status == 0, "\(args): \(result.stderr)")
      return try #require(try json(result.stdout) as? [[String: Any]], "\(args): \(result.stdout)")
    }
    func keys(_ object: [String: Any]) -> Set<String> { Set(object.keys) }

    // remote list
    let remotes = try array(["remote", "list"], in: laptop)
    #expect(remotes.count == 1)
    #expect(remotes.first?["name"] as? String == "origin")
    #expect(remotes.first?["url"] as? String == remote)

    // Both sides change the title: the second sync settles a conflict.
    #expect(try binary.run(["edit", "--store", laptop, url, "--title", "Laptop"]).status == 0)
    #expect(try binary.run(["edit", "--store", phone, url, "--title", "Phone"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)

    // status: one commit to send, as of the last sync.
    let status = try object(["status"], in: laptop)
    #expect(
      keys(status) == [
        "branch", "remote", "ahead", "behind", "lastSync", "operationUnderWay", "handEdits",
      ])
    #expect(status["branch"] as? String == "main")
    #expect(status["remote"] as? String == "origin")
    #expect(status["ahead"] as? Int == 1)
    #expect((status["handEdits"] as? [Any])?.isEmpty == true)

    // sync --dry-run: what it would send, take in and settle; nothing changes.
    let syncKeys: Set<String> = [
      "remote", "dryRun", "result", "commit", "send", "takeIn", "settle", "pushed",
      "unreachable",
    ]
    let plan = try object(["sync", "--dry-run"], in: laptop)
    #expect(keys(plan) == syncKeys)
    #expect(plan["dryRun"] as? Bool == true)
    #expect(plan["result"] as? String == "merge")
    #expect((plan["send"] as? [[String: Any]])?.first?["kind"] as? String != nil)
    #expect((plan["takeIn"] as? [Any])?.count == 1)
    #expect((plan["settle"] as? [String])?.count == 1)
    #expect(try object(["status"], in: laptop)["ahead"] as? Int == 1)
    let done = try object(["sync"], in: laptop)
    #expect(keys(done) == syncKeys)
    #expect(done["dryRun"] as? Bool == false)
    #expect(done["pushed"] as? Bool == true)
    #expect(done["unreachable"] is NSNull)

    // conflicts: the one the sync settled, with the command that restores the loser.
    let conflicts = try array(["conflicts"], in: laptop)
    #expect(conflicts.count == 1)
    #expect(
      conflicts.first.map(keys) == [
        "commit", "time", "device", "bookmark", "field", "text", "restoreCommand",
      ])
    #expect(
      (conflicts.first?["restoreCommand"] as? String)?.hasPrefix("holder-git restore") == true)

    // undo and redo --dry-run: the history entry they would take back or put back.
    let undo = try object(["undo", "--dry-run"], in: phone)
    #expect(keys(undo) == ["commit", "time", "device", "subject", "changes"])
    #expect((undo["subject"] as? String)?.contains("Phone") == true)
    #expect(try binary.run(["undo", "--store", phone, "-q"]).status == 0)
    let redo = try object(["redo", "--dry-run"], in: phone)
    #expect(keys(redo) == ["commit", "time", "device", "subject", "changes"])
    #expect((redo["changes"] as? [Any])?.isEmpty == false)

    // refresh: a page that cannot be fetched (nothing listens on 127.0.0.1:1).
    let dead = "http://127.0.0.1:1/page"
    #expect(try binary.run(["add", "--store", laptop, dead, "--no-fetch"]).status == 0)
    let refresh = try binary.run(
      ["refresh", dead, "--store", laptop, "--json"], env: ["HOLDER_GIT_OFFLINE": "0"])
    let refreshed = try #require(try json(refresh.stdout) as? [String: Any], "\(refresh.stderr)")
    #expect(keys(refreshed) == ["checked", "changed", "failures", "skipped", "networkDown"])
    #expect(refreshed["checked"] as? Int == 1)
    let failure = try #require((refreshed["failures"] as? [[String: Any]])?.first)
    #expect(keys(failure) == ["id", "url", "path", "reason", "dead", "tagged"])
    #expect(failure["url"] as? String == dead)
  }

  // MARK: - holder-git alone

  @Test func aloneItPrintsAShortUsageAsGitDoes() throws {
    let binary = try HolderBinary()
    let alone = try binary.run([])
    #expect(alone.status == 1)
    let lines = alone.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 20, "\(alone.stdout)")
    #expect(alone.stdout.hasPrefix("usage: holder-git "))
    for command in ["init", "add", "search", "log", "sync"] {
      #expect(alone.stdout.contains(command))
    }
    #expect(alone.stdout.contains("'holder-git --help'"))
    // --help stays the full reference.
    let help = try binary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.split(separator: "\n").count > 50)
    // After the leading options too, as git -C DIR alone.
    #expect(try binary.run(["-C", binary.git.root]).stdout == alone.stdout)
  }
}
