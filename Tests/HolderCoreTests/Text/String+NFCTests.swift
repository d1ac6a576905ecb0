import HolderCore
import Testing

@Suite struct StringNFCTests {
  @Test func composesWhatHasACompositionAndLeavesTheRest() {
    #expect(Array("e\u{301}".nfc.unicodeScalars) == ["\u{E9}"])
    #expect(Array("\u{1112}\u{1161}\u{11AB}".nfc.unicodeScalars) == ["\u{D55C}"])
    #expect(Array("\u{1113}\u{1175}".nfc.unicodeScalars) == ["\u{1113}", "\u{1175}"])
    #expect("plain ascii".nfc == "plain ascii")
  }
}
