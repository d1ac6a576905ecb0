import HolderCore
import Testing

/// `/` is a separator on the Unicode scalar, even where it joins the next mark in a Character.
@Suite struct StringSlashTests {
  @Test func aSlashBeforeACombiningMarkStillSeparates() {
    #expect("a/\u{0301}b/c".slashSeparated() == ["a", "\u{0301}b", "c"])
    #expect("x/\u{200C}.git/hooks".slashSeparated() == ["x", "\u{200C}.git", "hooks"])
    #expect("/a//b/".slashSeparated() == ["a", "b"])
    #expect("/a//b/".slashSeparated(omittingEmptySubsequences: false) == ["", "a", "", "b", ""])
  }

  @Test func theFolderAndNameSplitAtTheLastSlash() {
    #expect("tags/a/\u{0330}cd".folderAndName == ("tags/a", "\u{0330}cd"))
    #expect("name".folderAndName == ("", "name"))
  }
}
