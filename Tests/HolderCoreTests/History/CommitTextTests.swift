import HolderCore
import Testing

@Suite struct CommitTextTests {
  @Test func quotedTextIsOneLineWithEveryControlCharacterShown() {
    #expect(CommitText.quoted("\u{1B}]0;pwned\u{07}Docs") == "\"␛]0;pwned␇Docs\"")
    #expect(CommitText.quoted("a\nDevice: evil\r\nb\tc\u{7F}\u{9B}") == "\"a Device: evil b c␡�\"")
    #expect(CommitText.quoted(String(repeating: "x", count: 70)).count == 62)
  }

  @Test func aMessageKeepsItsLinesAndNothingElse() {
    let message = CommitText.message("Add \"x\"\n\n- \u{1B}[31mred\n\nDevice: d\n")
    #expect(message == "Add \"x\"\n\n- ␛[31mred\n\nDevice: d\n")
    #expect(!message.unicodeScalars.contains(where: VisibleText.isControl))
    #expect(CommitText.message("plain") == "plain")
  }
}
