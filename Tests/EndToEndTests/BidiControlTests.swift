import Foundation
import HolderTestSupport
import Testing

/// A title, note or tag holding a bidirectional override or isolate (U+202E, U+2066–U+2069)
/// cannot reorder what holder-git prints: every command that shows it, and the Markdown
/// export, shows `�` (or nothing) in its place, while the file keeps what was typed.
@Suite struct BidiControlTests {
  static let controls: [Unicode.Scalar] = [
    "\u{202A}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2069}",
  ]

  private func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { Self.controls.contains($0) }
  }

  @Test func noCommandPrintsABidiControl() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run([
      "add", "--store", store, "https://example.com/invoice",
      "--title", "Invoice \u{202E}fdp.exe", "--note", "see \u{2067}this\u{2069} note",
      "--tag", "bills\u{2066}x",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    let file = try String(
      contentsOfFile: store + "/" + files.split(separator: "\n")[0], encoding: .utf8)
    #expect(hasControl(file), "the file keeps what was typed")

    let out = binary.git.path("out.md")
    for command in [
      ["list"], ["show", "https://example.com/invoice"], ["search", "Invoice"], ["tags"],
      ["log"], ["export", "--format", "markdown", out],
    ] {
      let result = try binary.run(command + ["--store", store])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!hasControl(result.stdout + result.stderr), "\(command): \(result.stdout)")
    }
    let markdown = try String(contentsOfFile: out, encoding: .utf8)
    #expect(markdown.contains("Invoice"))
    #expect(!hasControl(markdown), "\(markdown)")
  }
}
