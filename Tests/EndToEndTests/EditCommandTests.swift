import Foundation
import HolderTestSupport
import Testing

@Suite struct EditCommandTests {
  /// A store with one bookmark, and that bookmark's file path.
  private func storeWithOne(_ binary: HolderBinary) throws -> (store: String, path: String) {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run(["add", "--store", store, "https://example.org/a", "--tag", "x"])
    #expect(added.status == 0, "\(added.stderr)")
    let path = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return (store, path)
  }

  /// Writes an editor script that runs `steps[n]` (a sed expression) on its n-th call.
  private func scriptedEditor(_ binary: HolderBinary, steps: [String]) throws -> String {
    var script = "#!/bin/sh\nn=$(cat \"$0.count\" 2>/dev/null || echo 0)\n"
    script += "echo $((n + 1)) > \"$0.count\"\ncase $n in\n"
    for (index, step) in steps.enumerated() {
      script += "  \(index)) sed -i '\(step)' \"$1\" ;;\n"
    }
    script += "esac\n"
    let path = binary.git.path("editor.sh")
    try writeExecutable(script, atPath: path)
    return path
  }

  private func checkClean(_ binary: HolderBinary, _ store: String) throws {
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }

  @Test func fieldOptionsChangeTheBookmarkAndAURLChangeMovesIt() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    let edited = try binary.run([
      "edit", "--store", store, "https://example.org/a", "--title", "Title A", "--note", "memo",
      "--add-tag", "y", "--remove-tag", "x", "--url", "https://example.org/moved", "--json",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any]
    #expect(json?["title"] as? String == "Title A")
    #expect(json?["tags"] as? [String] == ["y"])
    #expect(edited.stderr.contains("Moved '\(path)' to 'bookmarks/e/example.org/moved-"))
    #expect(!FileManager.default.fileExists(atPath: store + "/" + path))
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store) == "Edit \"Title A\"\n")
    try checkClean(binary, store)

    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let clash = try binary.run([
      "edit", "--store", store, "https://example.org/b", "--url", "example.org/moved",
    ])
    #expect(clash.status == 1)
    #expect(clash.stderr.hasPrefix("Error: 'https://example.org/moved' is already saved in"))
    let missing = try binary.run(["edit", "--store", store, "nope.example/x", "--title", "t"])
    #expect(missing.status == 4)
    try checkClean(binary, store)
  }

  @Test func anInvalidEditSaysWhereAndEditingAgainFixesIt() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    let editor = try scriptedEditor(
      binary,
      steps: [
        "s/\"favorite\": false,/\"favorite\": no,/",
        "s/\"favorite\": no,/\"favorite\": true,/; s/\"title\": \"example.org\\/a\"/\"title\": \"Fixed\"/",
      ])
    let result = try binary.run(
      ["edit", "--store", store, path], env: ["EDITOR": editor, "VISUAL": ""],
      stdin: Array("e\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("\(path): line 6, column 15: "))
    #expect(result.stderr.contains("Edit again or abort?"))
    let text = try String(contentsOfFile: store + "/" + path, encoding: .utf8)
    #expect(text.contains("\"title\": \"Fixed\""))
    #expect(text.contains("\"favorite\": true"))
    #expect(try binary.git.runGit(["log", "-1", "--format=%s"], in: store) == "Edit \"Fixed\"\n")
    try checkClean(binary, store)
  }

  @Test func anEditorThatSetsTheTerminalsModeRunsInTheForeground() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    // As vim does: set the terminal's mode, then edit. An editor left in a process group of
    // its own is stopped by the terminal at its first stty, and edit hung.
    let editor = binary.git.path("tty-editor.sh")
    let script =
      "#!/bin/sh\nstty -echo && stty echo && "
      + "sed -i 's/\"title\": \"example.org\\/a\"/\"title\": \"Typed\"/' \"$1\"\n"
    try writeExecutable(script, atPath: editor)
    var env = binary.environment([:])
    env["EDITOR"] = editor
    env["VISUAL"] = ""
    env["SHELL"] = "/bin/sh"
    // `script` gives holder-git a terminal, as a person's shell does.
    let result = try runProcess(
      "/usr/bin/timeout",
      [
        "20", "/usr/bin/script", "-qec", "\(HolderBinary.path) edit --store \(store) \(path)",
        "/dev/null",
      ],
      cwd: binary.git.root, env: env, stdin: nil)
    #expect(result.status == 0, "\(result.stdout)")
    let text = try String(contentsOfFile: store + "/" + path, encoding: .utf8)
    #expect(text.contains("\"title\": \"Typed\""))
    try checkClean(binary, store)
  }

  @Test func abortingLeavesTheFileExactlyAsItWas() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    let before = try Data(contentsOf: URL(fileURLWithPath: store + "/" + path))
    let editor = try scriptedEditor(binary, steps: ["s/\"tags\": \\[/\"tags\": [,/"])
    let result = try binary.run(
      ["edit", "--store", store, path], env: ["VISUAL": editor], stdin: Array("a\n".utf8))
    #expect(result.status == 1)
    #expect(result.stderr.contains("line 5, column "))
    #expect(result.stderr.contains("Aborted; '\(path)' is unchanged"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/" + path)) == before)
    #expect(
      try binary.git.runGit(["log", "--format=%s"], in: store).split(separator: "\n").count == 2)
    let drafts =
      (try? FileManager.default.contentsOfDirectory(atPath: store + "/.holder/local/edits"))
    #expect(drafts ?? [] == [])
    try checkClean(binary, store)
  }

  @Test func favUnfavAndListFavorites() throws {
    let binary = try HolderBinary()
    let (store, _) = try storeWithOne(binary)
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let fav = try binary.run(["fav", "--store", store, "https://example.org/a"])
    #expect(fav.status == 0, "\(fav.stderr)")
    #expect(fav.stderr.contains("Favourited \"example.org/a\""))
    let listed = try binary.run(["list", "--store", store, "--favorites", "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(json?.map { $0["url"] as? String } == ["https://example.org/a"])
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Favourite \"example.org/a\"\n")
    let unfav = try binary.run(["unfav", "--store", store, "https://example.org/a"])
    #expect(unfav.status == 0)
    #expect(try binary.run(["list", "--store", store, "--favorites", "--json"]).stdout == "[]\n")
    try checkClean(binary, store)
  }

  @Test func aURLSavedAlreadyIsOfferedForAnotherEdit() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let editor = try scriptedEditor(
      binary,
      steps: [
        "s|https://example.org/a|https://example.org/b|",
        "s|https://example.org/b|https://example.org/c|",
      ])
    let result = try binary.run(
      ["edit", "--store", store, path], env: ["VISUAL": editor], stdin: Array("e\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("'https://example.org/b' is already saved in"))
    #expect(result.stderr.contains("Moved '\(path)' to 'bookmarks/e/example.org/c-"))
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 2)
    #expect(!files.contains(path))
    try checkClean(binary, store)
  }

  @Test func aDraftOverTheLimitsIsOfferedForAnotherEditNotThrownAway() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    // First call: 1,001 tags (one over the limit); second call: the person trims them to two.
    let script = """
      #!/bin/sh
      n=$(cat "$0.count" 2>/dev/null || echo 0)
      echo $((n + 1)) > "$0.count"
      python3 - "$1" "$n" <<'PY'
      import json, sys
      path, call = sys.argv[1], sys.argv[2]
      bookmark = json.load(open(path))
      bookmark["tags"] = ["t%d" % i for i in range(1001)] if call == "0" else ["kept", "two"]
      json.dump(bookmark, open(path, "w"))
      PY
      """
    let editor = binary.git.path("limits.sh")
    try writeExecutable(script, atPath: editor)
    let result = try binary.run(
      ["edit", "--store", store, path], env: ["VISUAL": editor], stdin: Array("e\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("it has 1,001 tags; a bookmark holds at most 1,000"))
    #expect(result.stderr.contains("Edit again or abort?"))
    let shown = try binary.run(["show", "--store", store, "--json", path])
    #expect(shown.stdout.contains("\"kept\""), "\(shown.stdout)")
    try checkClean(binary, store)
  }

  @Test func aMissingEditorIsNamedAndNothingChanges() throws {
    let binary = try HolderBinary()
    let (store, path) = try storeWithOne(binary)
    let before = try Data(contentsOf: URL(fileURLWithPath: store + "/" + path))
    let result = try binary.run(
      ["edit", "--store", store, path], env: ["VISUAL": "no-such-editor-here"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Error: no editor 'no-such-editor-here' found; set $VISUAL"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/" + path)) == before)
    let unchanged = try binary.run(["edit", "--store", store, path], env: ["VISUAL": "true"])
    #expect(unchanged.status == 0)
    #expect(unchanged.stderr.contains("Nothing changed"))
    try checkClean(binary, store)
  }
}
