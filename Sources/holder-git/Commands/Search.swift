import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git search`: finds bookmarks by words, phrases and filters.
  struct Search: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "search",
        abstract: tr("Search bookmarks by title, URL, note, tags and description."),
        discussion: tr(
          """
          Words must all match (in any field); case, accents and Unicode normalisation are
          ignored, full-width letters match ASCII. Korean matches by syllables or by initial
          consonants (ㅅㅇㅌ finds 스위프트); Japanese kana and kanji by substring.

            "a phrase"        the words together, in this order
            -word             leave out bookmarks with this word
            tag:dev/swift     this tag or one under it (-tag: leaves them out)
            fav:yes, fav:no   favourites only, or none
            site:github.com   this host or one under it
            before:2026-01-01, after:2025-06   saved before that day, or on or after it (UTC)

          Best matches first: title above tag, URL, note and description; the start of a word
          above the middle; newer above older. A search that finds something is remembered on
          this machine (see --recent).
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git search swift concurrency
              holder-git search '"result builders"' -tutorial site:swift.org
              holder-git search ㅎㄱ --tag 여행 --limit 5
              holder-git search tag:reading after:2026-01 --sort created --json
              holder-git search --recent
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    // Exclusions (-word, -tag:x) start with '-' as options do: every input that is not one of
    // the options below is a query word, in the order typed.
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(tr("Words, \"phrases\", -exclusions and filters.")))
    var words: [String] = []

    @OptionGroup var filter: FilterOptions

    @Option(name: .long, help: ArgumentHelp(tr("Show at most this many bookmarks.")))
    var limit: Int?

    @Option(
      name: .long,
      help: ArgumentHelp(
        tr("The order: relevance (default), modified, created or title."), valueName: "order"))
    var sort: SearchSort = .relevance

    @Flag(
      name: .long, help: ArgumentHelp(tr("List this machine's recent searches, most recent first."))
    )
    var recent = false

    @Flag(name: .long, help: ArgumentHelp(tr("Forget this machine's recent searches.")))
    var clearRecent = false

    /// The query: the words parsed, plus `--tag` and `--favorites`.
    var query: SearchQuery {
      get throws {
        var query = try QueryParser.parse(words.joined(separator: " "))
        if let tag = filter.tag { query.filters.append(.tag(tag)) }
        if filter.favorites { query.filters.append(.favorite(true)) }
        return query
      }
    }

    func validate() throws {
      // The query language has no '--' words: a mistyped option stays an error.
      if let unknown = words.first(where: { $0.hasPrefix("--") }) {
        throw ValidationError(
          tr("Unknown option '\(unknown)'; exclude a word with one '-' (-word, -tag:x)"))
      }
      if recent || clearRecent {
        guard words.isEmpty, filter.tag == nil, !filter.favorites, !(recent && clearRecent) else {
          throw ValidationError(
            tr("'--recent' and '--clear-recent' take no query; use one of them on its own"))
        }
        return
      }
      guard !words.isEmpty || filter.tag != nil || filter.favorites else {
        throw ValidationError(tr("nothing to search for; give words, a filter or '--recent'"))
      }
      if let limit, limit < 1 { throw ValidationError(tr("'--limit' must be 1 or more")) }
      do {
        _ = try query
      } catch let error as SearchQueryError {
        throw ValidationError(tr(said: error.errorDescription ?? "\(error)"))
      }
    }

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      if clearRecent {
        store.clearRecentSearches()
        return
      }
      if recent {
        for text in store.recentSearches() { Printer.out(TerminalText.oneLine(text)) }
        return
      }
      let query = try self.query
      let text = words.joined(separator: " ")
      let outcome = store.search(
        query, sort: sort, limit: limit, remembering: text.isEmpty ? nil : text)
      Printer.problems(outcome.problems)
      // As grep and rg: exit 1 when nothing matches, JSON or not, so a script can tell.
      if output.json {
        Printer.json(BookmarkJSON.node(of: outcome.bookmarks, asArray: true))
        if outcome.bookmarks.isEmpty { throw ExitCodes.noMatch }
        return
      }
      if outcome.bookmarks.isEmpty {
        Printer.message(tr("no bookmark matches '\(TerminalText.oneLine(text))'"))
        throw ExitCodes.noMatch
      }
      let pager = Pager.start(store: store)
      defer { pager?.finish() }
      let highlighted = Highlight.isEnabled ? query : nil
      for located in outcome.bookmarks { Printer.summary(located, highlighting: highlighted) }
      if outcome.total > outcome.bookmarks.count {
        let more = outcome.total - outcome.bookmarks.count
        Printer.message(tr("\(more) more; raise '--limit' to see them"))
      }
    }
  }
}

extension SearchSort: ExpressibleByArgument {}
