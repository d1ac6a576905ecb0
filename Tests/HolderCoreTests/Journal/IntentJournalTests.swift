import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// The intent journal's file: what is written is read back whole, and nothing else reads as
/// a journal (a stranger's file at its name must not make holder-git restore files).
@Suite struct IntentJournalTests {
  private static var journals: Generator<IntentJournal, Shrink.None<IntentJournal>> {
    Generator(
      run: { rng in
        func text() -> String {
          // Text with the characters the format escapes, and with none of them.
          var value = RandomValues.text(&rng, maximumLength: 12)
          for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let specials = ["\n", "\\", "\r\n", "\\n", "path ", "-"]
            value += specials[Int.random(in: 0..<specials.count, using: &rng)]
            value += RandomValues.text(&rng, maximumLength: 4)
          }
          return value
        }
        func commit() -> String? {
          Bool.random(using: &rng)
            ? String(
              (0..<40).map { _ in Array("0123456789abcdef")[Int.random(in: 0..<16, using: &rng)] })
            : nil
        }
        return IntentJournal(
          operation: text(), reference: "refs/heads/" + text(), from: commit(), to: commit(),
          paths: (0..<Int.random(in: 0...20, using: &rng)).map { _ in "bookmarks/" + text() },
          holdsIndexLock: Bool.random(using: &rng))
      }, shrink: { _ in Shrink.None() })
  }

  @Test func readingWhatWasWrittenGivesTheSameJournal() async {
    await propertyCheck(count: 300, input: Self.journals) { journal in
      #expect(IntentJournal.decode(journal.encoded()) == journal)
    }
  }

  @Test func aJournalCutShortOrAStrangersFileIsNotAJournal() async {
    await propertyCheck(count: 300, input: Self.journals) { journal in
      let bytes = journal.encoded()
      // Cut anywhere but at the end of a path line, it no longer reads (a cut after a whole
      // path line is a shorter journal, which an atomic write never leaves).
      let cut = Array(bytes.dropLast())
      #expect(IntentJournal.decode(cut) == nil)
    }
    #expect(IntentJournal.decode(Array("hello\n".utf8)) == nil)
    #expect(IntentJournal.decode([]) == nil)
  }

  @Test func aPersonCanReadTheFile() {
    let journal = IntentJournal(
      operation: "Rename tag a → b", reference: "refs/heads/main",
      from: String(repeating: "1", count: 40), to: nil, paths: ["bookmarks/e/example.com/a.json"])
    #expect(
      String(decoding: journal.encoded(), as: UTF8.self) == """
        holder-git intent journal 1
        operation Rename tag a → b
        reference refs/heads/main
        from 1111111111111111111111111111111111111111
        to -
        path bookmarks/e/example.com/a.json

        """)
  }

  @Test func anOperationHoldingGitsIndexLockSaysSo() {
    let journal = IntentJournal(
      operation: "Add x", reference: "refs/heads/main", from: nil,
      to: String(repeating: "2", count: 40), paths: ["bookmarks/x.json"], holdsIndexLock: true)
    #expect(
      String(decoding: journal.encoded(), as: UTF8.self) == """
        holder-git intent journal 1
        operation Add x
        reference refs/heads/main
        from -
        to 2222222222222222222222222222222222222222
        index-lock held
        path bookmarks/x.json

        """)
    #expect(IntentJournal.decode(journal.encoded())?.holdsIndexLock == true)
  }
}
