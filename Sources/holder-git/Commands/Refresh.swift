import ArgumentParser
import Foundation
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git refresh`: fetches pages again for their title and metadata.
  struct Refresh: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        abstract: tr("Fetch pages again for their title, description, image and icon."),
        discussion: """
          Pages are fetched several at once and every change goes into one commit. Metadata
          is not an edit: lastModified stays as it is. A title you set by hand (one that
          differs from the page's) is kept unless --titles. Dead links (unknown host, 404,
          410) are reported, and --tag-dead gives them a tag.

          Examples:
            holder-git refresh --missing-only --all
            holder-git refresh --tag reading --titles
            holder-git refresh --all --tag-dead dead
            holder-git refresh https://example.org/page
          """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @Argument(
      help: "Id, id prefix, URL or file path of each bookmark to refresh.",
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String] = []

    @Flag(help: "Refresh every bookmark.")
    var all = false

    @Option(
      help: "Refresh the bookmarks with this tag or a tag under it.",
      completion: .custom(Completions.tags))
    var tag: String?

    @Flag(help: "Only bookmarks whose page was never fetched.")
    var missingOnly = false

    @Flag(help: "Replace titles you set by hand with the pages' titles too.")
    var titles = false

    @Option(
      help: ArgumentHelp(
        "Tag dead links (unknown host, 404, 410) with this tag.", valueName: "tag"),
      completion: .custom(Completions.tags))
    var tagDead: String?

    @Option(help: "Pages fetched at once.")
    var concurrency = 8

    @Option(help: "Seconds allowed for each page.")
    var timeout = 10.0

    func validate() throws {
      let selections = (bookmarks.isEmpty ? 0 : 1) + (all ? 1 : 0) + (tag == nil ? 0 : 1)
      if selections == 0 {
        throw ValidationError("say which bookmarks to refresh: name them, or use --all or --tag")
      }
      if selections > 1 {
        throw ValidationError("use one of BOOKMARK…, --all and --tag, not several")
      }
      if concurrency < 1 || concurrency > 64 {
        throw ValidationError("--concurrency must be between 1 and 64")
      }
      if !(timeout > 0) { throw ValidationError("--timeout must be more than 0 seconds") }
    }

    func run(_ store: Store) throws {
      if PageFetcher.isOffline(environment: ProcessInfo.processInfo.environment) {
        throw FetchError.offline
      }
      let targets = try selected(in: store)
      let fetcher = PageFetcher()
      // A missing helper program is one error, not one failure per page.
      if !targets.isEmpty { try fetcher.start() }
      let progress = ProgressLine(label: "Fetching")
      let outcome = try store.refreshMetadata(
        targets,
        options: RefreshOptions(
          missingOnly: missingOnly, replaceTitles: titles, deadTag: tagDead,
          concurrency: concurrency, timeout: timeout),
        fetcher: fetcher,
        progress: { done, total in progress.update(done, of: total) })
      progress.finish()
      report(outcome)
    }

    private func selected(in store: Store) throws -> [LocatedBookmark] {
      if !bookmarks.isEmpty {
        let directory = FileManager.default.currentDirectoryPath
        return try bookmarks.map { try store.resolve($0, currentDirectory: directory) }
      }
      let snapshot = store.list(ListFilter(tag: tag))
      Printer.problems(snapshot.problems)
      return snapshot.bookmarks
    }

    private func report(_ outcome: RefreshOutcome) {
      for failure in outcome.failures {
        let what = failure.problem.isDeadLink ? "dead link" : "cannot refresh"
        let tagged = failure.tagged ? " (tagged '\(TerminalText.oneLine(tagDead ?? ""))')" : ""
        Printer.message(
          "\(what): "
            + TerminalText.oneLine(failure.problem.errorDescription ?? "\(failure.problem)")
            + tagged)
      }
      for problem in outcome.skipped {
        Printer.message("skipped: " + TerminalText.oneLine(problem.message))
      }
      let changed = outcome.changed.count
      Printer.message(
        "Refreshed \(outcome.checked) bookmark\(outcome.checked == 1 ? "" : "s"): "
          + "\(changed) changed, \(outcome.failures.count) could not be fetched")
    }
  }
}
