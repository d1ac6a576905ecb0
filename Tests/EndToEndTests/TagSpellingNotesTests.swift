import Foundation
import HolderTestSupport
import Testing

/// Tags that differ only in case are one tag (DESIGN §1); wherever two spellings come in
/// together, holder-git keeps one and says which, instead of dropping the other in silence.
@Suite struct TagSpellingNotesTests {
  @Test func addAndEditSayWhichSpellingTheyKeep() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run(
      ["add", "--store", store, "example.org/a", "--tag", "handmade", "--tag", "Handmade"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      added.stderr.contains(
        "note: 'handmade' and 'Handmade' differ only in case and are one tag: 'Handmade' is kept"
      ))
    #expect(try tags(binary, store, "example.org/a") == ["Handmade"])

    let edited = try binary.run(
      ["edit", "--store", store, "example.org/a", "--add-tag", "Wool", "--add-tag", "wool"])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(
      edited.stderr.contains(
        "note: 'Wool' and 'wool' differ only in case and are one tag: 'Wool' is kept"))
    // A tag the store already has takes the store's spelling, and says so.
    let respelled = try binary.run(["add", "--store", store, "example.org/b", "--tag", "WOOL"])
    #expect(respelled.stderr.contains("note: the tag 'WOOL' is written 'Wool'"))
    #expect(try tags(binary, store, "example.org/b") == ["Wool"])
    // One spelling given: nothing to say.
    let plain = try binary.run(["add", "--store", store, "example.org/c", "--tag", "new"])
    #expect(!plain.stderr.contains("note:"))
  }

  @Test func handWrittenVariantsAreMergedWithALineAtCommitEditImportAndCheck() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "example.org/a"]).status == 0)
    let path = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .newlines)
    func write(tags: String) throws {
      var text = try String(contentsOfFile: store + "/" + path, encoding: .utf8)
      if text.contains("\"tags\": [") {
        text = text.replacingOccurrences(
          of: #""tags": \[[^\]]*\]"#, with: "\"tags\": \(tags)", options: .regularExpression)
      } else {
        text = text.replacingOccurrences(
          of: #""favorite": "#, with: "\"tags\": \(tags),\n  \"favorite\": ")
      }
      try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + path))
    }

    try write(tags: #"["felt", "Felt"]"#)
    let committed = try binary.run(["commit", "--store", store])
    #expect(committed.status == 0, "\(committed.stderr)")
    #expect(
      committed.stderr.contains(
        "note: '\(path)': 'felt' and 'Felt' differ only in case and are one tag: 'Felt' is kept"
      ))
    #expect(try tags(binary, store, "example.org/a") == ["Felt"])

    // In the editor.
    let editor = binary.git.path("editor")
    try writeExecutable(
      "#!/bin/sh\nsed -i 's/\"tags\": \\[[^]]*\\]/\"tags\": [\"yarn\", \"Yarn\"]/' \"$1\"\n",
      atPath: editor)
    let inEditor = try binary.run(
      ["edit", "--store", store, "example.org/a"], env: ["EDITOR": editor, "VISUAL": ""])
    #expect(inEditor.status == 0, "\(inEditor.stderr)")
    #expect(
      inEditor.stderr.contains(
        "note: 'yarn' and 'Yarn' differ only in case and are one tag: 'Yarn' is kept"))

    // In a file imported: within one entry and across entries.
    let html =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
      + "<DT><A HREF=\"https://example.org/i\" TAGS=\"Cotton,cotton\">I</A>\n"
      + "<DT><A HREF=\"https://example.org/j\" TAGS=\"COTTON\">J</A>\n</DL><p>\n"
    let file = binary.git.path("import.html")
    try html.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try binary.run(["import", "--store", store, file])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stderr.contains(
        "note: 'Cotton', 'cotton' and 'COTTON' differ only in case and are one tag: 'Cotton' "
          + "is kept"), "\(imported.stderr)")
    #expect(try tags(binary, store, "example.org/j") == tags(binary, store, "example.org/i"))

    // Committed by hand with git: check names the merge, check --fix does it and says so.
    try write(tags: #"["knit", "Knit"]"#)
    try binary.git.runGit(["commit", "-q", "-am", "Tags by hand"], in: store)
    let checked = try binary.run(["check", "--store", store])
    #expect(checked.stdout.contains("'knit' and 'Knit' differ only in case"))
    let fixed = try binary.run(["check", "--store", store, "--fix"])
    #expect(fixed.status == 0, "\(fixed.stdout)")
    #expect(
      fixed.stdout.contains(
        "fixed not canonical: '\(path)': 'knit' and 'Knit' differ only in case and are one "
          + "tag: 'Knit' is kept"))
    #expect(try tags(binary, store, "example.org/a") == ["Knit"])
  }

  @Test func checkFixSaysWhyItCouldNotRepairAView() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "example.org/a", "--tag", "later"]).status == 0)
    // A file where the tag's folder must be.
    try FileManager.default.removeItem(atPath: store + "/tags/later")
    try "mine\n".write(toFile: store + "/tags/later", atomically: true, encoding: .utf8)
    let fixed = try binary.run(["check", "--store", store, "--fix"])
    #expect(fixed.status == 1)
    let missing = fixed.stdout.split(separator: "\n").first { $0.hasPrefix("missing tag view") }
    #expect(missing?.contains("check --fix could not repair it (cannot ") == true, "\(fixed)")
    #expect(missing?.contains("Not a directory") == true, "\(fixed)")
    #expect(missing?.hasSuffix("run 'holder-git check --fix'") == false)
    #expect(fixed.stdout.contains("not a link under tags/: 'tags/later'"))
    // The file is never touched.
    #expect(try String(contentsOfFile: store + "/tags/later", encoding: .utf8) == "mine\n")
    // Every line after --fix says what to do, and none of them only to run --fix again.
    for line in fixed.stdout.split(separator: "\n") where !line.hasPrefix("fixed") {
      #expect(!line.hasSuffix("; run 'holder-git check --fix'"), "\(line)")
    }
  }

  /// The tags of the bookmark `name`, from `show --json`.
  private func tags(_ binary: HolderBinary, _ store: String, _ name: String) throws -> [String] {
    let shown = try binary.run(["show", "--store", store, "--json", name])
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    return object?["tags"] as? [String] ?? []
  }
}
