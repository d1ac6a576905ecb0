// A command holder-git prints for the reader to run quotes its words so a shell reads them
// back as they were, whatever they hold.
import Testing

@testable import HolderKit

@Suite struct ShellQuotingTests {
  @Test func aQuoteInsideIsClosedEscapedAndReopened() {
    #expect(StoreError.shellQuoted("it's") == #"'it'\''s'"#)
  }

  @Test func aQuoteWithACombiningMarkAfterItIsStillEscaped() {
    // One `Character` to Swift ("'" and U+0301), but the shell sees the quote byte alone.
    let quoted = StoreError.shellQuoted("a'\u{301}b")
    #expect(quoted == "'a'\\''\u{301}b'")
  }

  @Test func plainTextIsOnlyWrapped() {
    #expect(StoreError.shellQuoted("/home/me/store") == "'/home/me/store'")
  }
}
