import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git add URL`: saves a link.
  struct Add: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "add",
        abstract: tr("Save a link with tags and a note."),
        discussion: tr(
          """
          The link is saved as one JSON file at a path computed from its URL, and committed.
          A URL that is already saved is shown and left as it is (exit code 3), unless
          --update merges the new tags and note into it. The page's title, description,
          image and icon are fetched first, for at most 2 seconds; when that fails the link
          is saved all the same ('holder-git refresh --missing-only' fetches it later).
          --no-fetch or HOLDER_GIT_OFFLINE=1 skip the fetch.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git add github.com/swiftlang/swift --tag dev/swift --tag reading
              holder-git add ko.wikipedia.org/wiki/서울 --tag 여행 --note "가을에 다시"
              holder-git add https://example.org --update --tag later
              pbpaste | holder-git add - --tag inbox    (\(tr("one URL a line, or URL<TAB>title")))
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(
        tr("The link to save ('example.org/page' means https); '-' reads links from stdin.")))
    var url: String

    @Option(help: ArgumentHelp(tr("Your title (default: a readable form of the URL).")))
    var title: String?

    @Option(
      name: .long, help: ArgumentHelp(tr("A tag; '/' nests tags (dev/swift). Repeat for several.")),
      completion: .custom(Completions.tags))
    var tag: [String] = []

    @Option(help: ArgumentHelp(tr("A note (memo) to keep with the link.")))
    var note: String?

    @Flag(help: ArgumentHelp(tr("Mark it as a favourite.")))
    var favorite = false

    @Flag(
      help: ArgumentHelp(tr("When the link is saved already, merge these tags and note into it.")))
    var update = false

    @Flag(help: ArgumentHelp(tr("Allow a javascript: or data: link (stored, never opened).")))
    var allowScript = false

    @Flag(help: ArgumentHelp(tr("Save without fetching the page's title and metadata.")))
    var noFetch = false

    func run(_ store: Store) throws {
      Printer.notes(store.tagSpellingNotes(typed: tag))
      if url == "-" { return try addLines(store) }
      let request = AddRequest(
        url: url, title: title, tags: tag, note: note, favorite: favorite,
        updateExisting: update, allowScript: allowScript)
      do {
        switch try save(request, in: store) {
        case .added(let located):
          show(located, message: tr("Added \"\(title(located))\""))
          noteNearDuplicates(of: located, in: store)
        case .updated(let located):
          show(located, message: tr("Updated \"\(title(located))\""))
        case .unchanged(let located):
          show(located, message: tr("Already saved, nothing new to merge: \"\(title(located))\""))
        }
      } catch StoreError.bookmark(.alreadySaved(let bookmark, let path)) {
        Printer.message(
          tr(
            "Already saved: '\(TerminalText.oneLine(URLNormalizer.readable(bookmark.url)))' (use --update to merge tags and note)"
          ))
        show(LocatedBookmark(path: path, bookmark: bookmark), message: nil)
        throw ExitCodes.alreadySaved
      }
    }

    /// Near-duplicates are saved on purpose (they can be different pages), but said aloud.
    private func noteNearDuplicates(of located: LocatedBookmark, in store: Store) {
      let matches = store.nearDuplicates(ofNormalizedURL: located.bookmark.url)
      for match in matches {
        let url = NearDuplicateText.url(match.located)
        let differences = NearDuplicateText.differences(match.differences)
        Printer.message(tr("Note: a near-duplicate is saved: \(url) (differs in \(differences))"))
      }
      if !matches.isEmpty {
        let command = NearDuplicateText.command(for: located)
        Printer.message(tr("  merge them with: \(command) (--dry-run shows how)"))
      }
    }

    private func title(_ located: LocatedBookmark) -> String {
      TerminalText.oneLine(located.bookmark.title)
    }

    private func show(_ located: LocatedBookmark, message: String?) {
      if output.json {
        Printer.json(BookmarkJSON.node(of: [located], asArray: false))
        return
      }
      if let message { Printer.message(message) }
      Printer.details(located)
    }
  }
}
