import Foundation
import Localization
import Testing

/// Every message the code says is in every catalog, and every catalog entry is said somewhere:
/// a new English sentence without its Korean and Japanese fails here, as does a stale one.
@Suite struct CatalogTests {
  static let translated: [Language] = [.korean, .japanese]

  @Test(arguments: translated)
  func everyKeyInTheCodeIsTranslated(_ language: Language) throws {
    let used = try SourceMessages.keys()
    let catalog = Catalog.entries(of: language)
    let missing = used.keys.filter { catalog[$0] == nil }.sorted()
    #expect(
      missing.isEmpty,
      Comment(
        rawValue: "\(language.rawValue).strings lacks \(missing.count) keys:\n"
          + missing.map { "\($0.debugDescription) (\(used[$0]?.first ?? ""))" }
          .joined(separator: "\n")))
  }

  @Test(arguments: translated)
  func everyCatalogKeyIsUsed(_ language: Language) throws {
    let used = try SourceMessages.keys()
    let unused = Catalog.entries(of: language).keys.filter { used[$0] == nil }.sorted()
    #expect(
      unused.isEmpty,
      Comment(
        rawValue: "\(language.rawValue).strings has keys no code uses:\n"
          + unused.map(\.debugDescription).joined(separator: "\n")))
  }

  /// A translation shows every value its English shows, no more.
  @Test(arguments: translated)
  func translationsKeepTheirValues(_ language: Language) {
    for (key, value) in Catalog.entries(of: language) {
      let count = key.components(separatedBy: "%@").count - 1
      let probe = (1...max(count, 1)).map { "<\($0)>" }
      let english = Message.render(key, Array(probe.prefix(count)))
      let translated = Message.render(value, Array(probe.prefix(count)))
      for value in probe.prefix(count) {
        #expect(
          translated.contains(value) == english.contains(value),
          Comment(rawValue: "\(key.debugDescription) and its translation show \(value) alike"))
      }
      // Only %@, %1$@ … and %% are formats: anything else is a slip of the translator's.
      let formats = value.replacingOccurrences(
        of: "%(%|@|[0-9]+\\$@)", with: "", options: .regularExpression)
      #expect(
        !formats.contains("%"),
        Comment(rawValue: "a stray % in the translation of \(key.debugDescription)"))
    }
  }

  @Test func theEnvironmentChoosesAsCommandLineToolsDo() {
    #expect(Language.chosen(by: ["LANG": "ko_KR.UTF-8"]) == .korean)
    #expect(Language.chosen(by: ["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"]) == .korean)
    #expect(Language.chosen(by: ["LANG": "ja_JP.UTF-8", "LC_ALL": "C"]) == .english)
    #expect(Language.chosen(by: ["LC_ALL": "ko_KR.UTF-8", "HOLDER_GIT_LANG": "ja"]) == .japanese)
    #expect(Language.chosen(by: ["LANG": "fr_FR.UTF-8"]) == .english)
    #expect(Language.chosen(by: [:]) == .english)
  }

  /// A commit's subject, written in English, reads in the reader's language: a short one
  /// (`Add "…"`) too, and the values that are sentences themselves (`3 bookmarks`).
  @Test func commitSubjectsAreRenderedInTheReadersLanguage() {
    let korean = Catalog(language: .korean)
    #expect(korean.translating("Add \"Seoul\"") == "\"Seoul\" 추가")
    #expect(korean.translating("Delete 3 bookmarks") == "북마크 3개 삭제")
    let japanese = Catalog(language: .japanese)
    #expect(
      japanese.translating("Import 2 bookmarks from bm.html") == "bm.html から ブックマーク 2 件 をインポート")
    // Not a message: left as it is.
    #expect(japanese.translating("Seoul and Tokyo") == "Seoul and Tokyo")
  }

  /// A quoted value is a name the user gave: a bookmark titled "Tags" or a path `tags` stays as
  /// it is, though the same word alone is a message of its own.
  @Test func quotedValuesAreNamesAndStayAsTheyAre() {
    let korean = Catalog(language: .korean)
    #expect(korean.text("tags") != "tags")
    #expect(korean.translating("Add \"tags\"") == "\"tags\" 추가")
    #expect(korean.translating("its content is not valid: tags").hasSuffix(korean.text("tags")))
  }

  /// A note about one file starts with its quoted path: the path stays, the note is translated.
  @Test func aNoteAboutAFileIsTranslatedAfterItsPath() {
    let korean = Catalog(language: .korean)
    let note = "the tag ' Swift' has white space around it and becomes 'Swift'"
    let said = korean.translating("'bookmarks/s/swift.org/a.json': " + note)
    #expect(said.hasPrefix("'bookmarks/s/swift.org/a.json': "), "\(said)")
    #expect(said.hasSuffix(korean.translating(note)), "\(said)")
    #expect(korean.translating(note) != note)
  }

  /// A pack that could not be written reads as one sentence, not as the general file fault
  /// with "write the pack" for its operation.
  @Test func aPackFaultIsItsOwnSentence() {
    let english =
      "cannot write the pack '/s/.git/objects/pack/tmp': No space left on device; "
      + "free some space on that disk, then run the command again"
    let korean = Catalog(language: .korean).translating(english)
    #expect(korean.hasPrefix("팩 '/s/.git/objects/pack/tmp'에 쓰기 작업을"), "\(korean)")
    let whole =
      "pack failed: cannot write the pack '/tmp/ft/c/.git/objects/pack/tmp_pack_holder_1_2': "
      + "No space left on device; free some space on that disk, then run the command again "
      + "(the import was taken back: the store is as it was before it)"
    let said = Catalog(language: .korean).translating(whole)
    #expect(said.contains("팩 '/tmp/ft/c/.git/objects/pack/tmp_pack_holder_1_2'에 쓰기"), "\(said)")
  }

  @Test func valuesGoWhereTheTranslationPutsThem() {
    #expect(Message.render("%2$@ then %1$@, 100%%", ["a", "b"]) == "b then a, 100%")
    let message: Message = "Added \"\(42)\" at 20 %"
    #expect(message.key == "Added \"%@\" at 20 %%")
    #expect(message.english == "Added \"42\" at 20 %")
  }
}
