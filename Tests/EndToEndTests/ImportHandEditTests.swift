import Foundation
import HolderTestSupport
import Testing

/// An import never sweeps a hand edit it did not make into its own commit, where `undo` of the
/// import would take the edit away with it.
@Suite struct ImportHandEditTests {
  @Test func anImportTouchingAFileWithUncommittedHandEditsIsRefusedAndSaysWhatToDo() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    for url in ["example.org/a", "example.org/b"] {
      #expect(try binary.run(["add", "--store", store, url, "--tag", "old"]).status == 0)
    }
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let edited = files[0]
    let text = try String(contentsOfFile: store + "/" + edited, encoding: .utf8)
      .replacingOccurrences(of: "\"title\": \"example.org/a\"", with: "\"title\": \"By hand\"")
    try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + edited))
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)

    let file = binary.git.path("in.html")
    try """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
    <DT><A HREF="https://example.org/a" TAGS="new">A</A>
    </DL><p>

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let refused = try binary.run(["import", "--store", store, file])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "'\(edited)' has hand edits that are not committed; run 'holder-git commit' first"))
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)
    #expect(try String(contentsOfFile: store + "/" + edited, encoding: .utf8) == text)

    // Committed, the edit is kept and the import merges into it.
    #expect(try binary.run(["commit", "--store", store]).status == 0)
    let imported = try binary.run(["import", "--store", store, file])
    #expect(imported.status == 0, "\(imported.stderr)")
    let after = try String(contentsOfFile: store + "/" + edited, encoding: .utf8)
    #expect(after.contains("\"title\": \"By hand\""))
    #expect(after.contains("\"tags\": [\"new\", \"old\"]"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  @Test func aHandEditTheImportDoesNotTouchIsLeftOutOfItsCommit() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "example.org/a"]).status == 0)
    let edited = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .newlines)
    let text = try String(contentsOfFile: store + "/" + edited, encoding: .utf8)
      .replacingOccurrences(of: "\"title\": \"example.org/a\"", with: "\"title\": \"By hand\"")
    try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + edited))
    let file = binary.git.path("in.jsonl")
    try "{\"url\":\"https://example.org/other\",\"title\":\"Other\"}\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try binary.run(["import", "--store", store, file])
    #expect(imported.status == 0, "\(imported.stderr)")
    let changed = try binary.git.runGit(["show", "--name-only", "--format=", "HEAD"], in: store)
    #expect(!changed.contains(edited))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == " M \(edited)\n")
  }
}
