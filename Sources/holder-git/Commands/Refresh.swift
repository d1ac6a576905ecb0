import ArgumentParser
import FetchProtocol
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension HolderGit {
  /// `holder-git refresh`: fetches pages again for their title and metadata.
  struct Refresh: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "refresh",
        abstract: tr("Fetch pages again for their title, description, image and icon."),
        discussion: tr(
          """
          Pages are fetched several at once and every change goes into one commit. Metadata
          is not an edit: lastModified stays as it is. A title you set by hand (one that
          differs from the page's) is kept unless --titles. Dead links (unknown host, 404,
          410) are reported, and --tag-dead gives them a tag.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git refresh --missing-only --all
              holder-git refresh --tag reading --titles
              holder-git refresh --all --tag-dead dead
              holder-git refresh https://example.org/page
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(tr("Id, id prefix, URL or file path of each bookmark to refresh.")),
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String] = []

    @Flag(help: ArgumentHelp(tr("Refresh every bookmark.")))
    var all = false

    @Option(
      help: ArgumentHelp(tr("Refresh the bookmarks with this tag or a tag under it.")),
      completion: .custom(Completions.tags))
    var tag: String?

    @Flag(help: ArgumentHelp(tr("Only bookmarks whose page was never fetched.")))
    var missingOnly = false

    @Flag(help: ArgumentHelp(tr("Replace titles you set by hand with the pages' titles too.")))
    var titles = false

    @Option(
      help: ArgumentHelp(
        tr("Tag dead links (unknown host, 404, 410) with this tag."), valueName: "tag"),
      completion: .custom(Completions.tags))
    var tagDead: String?

    @Option(help: ArgumentHelp(tr("Pages fetched at once.")))
    var concurrency = 8

    @Option(help: ArgumentHelp(tr("Seconds allowed for each page.")))
    var timeout = 10.0

    func validate() throws {
      let selections = (bookmarks.isEmpty ? 0 : 1) + (all ? 1 : 0) + (tag == nil ? 0 : 1)
      if selections == 0 {
        throw ValidationError(
          tr("say which bookmarks to refresh: name them, or use --all or --tag"))
      }
      if selections > 1 {
        throw ValidationError(tr("use one of BOOKMARK…, --all and --tag, not several"))
      }
      if concurrency < 1 || concurrency > 64 {
        throw ValidationError(tr("--concurrency must be between 1 and 64"))
      }
      if !(timeout > 0) { throw ValidationError(tr("--timeout must be more than 0 seconds")) }
    }

    func run(_ store: Store) throws {
      let environment = ProcessInfo.processInfo.environment
      if PageFetcher.isOffline(environment: environment) {
        throw FetchError.offline
      }
      let targets = try selected(in: store)
      let fetcher = PageFetcher(
        allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
      // A missing helper program is one error, not one failure per page.
      if !targets.isEmpty { try fetcher.start() }
      let progress = ProgressLine(label: tr("Fetching"))
      let outcome = try store.refreshMetadata(
        targets,
        options: RefreshOptions(
          missingOnly: missingOnly, replaceTitles: titles, deadTag: tagDead,
          concurrency: concurrency, timeout: timeout),
        fetcher: fetcher,
        progress: { done, total in progress.update(done, of: total) })
      progress.finish()
      if output.json {
        Printer.json(ReportJSON.node(of: outcome))
        return
      }
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
        let reason = TerminalText.oneLine(
          tr(said: failure.problem.errorDescription ?? "\(failure.problem)"))
        let tag = TerminalText.oneLine(tagDead ?? "")
        switch (failure.problem.isDeadLink && outcome.networkDown == nil, failure.tagged) {
        case (true, true): Printer.message(tr("dead link: \(reason) (tagged '\(tag)')"))
        case (true, false): Printer.message(tr("dead link: \(reason)"))
        case (false, true): Printer.message(tr("cannot refresh: \(reason) (tagged '\(tag)')"))
        case (false, false): Printer.message(tr("cannot refresh: \(reason)"))
        }
      }
      if let down = outcome.networkDown {
        let reason = TerminalText.oneLine(
          tr(said: down.example.errorDescription ?? "\(down.example)"))
        Printer.message(
          tr(
            "\(down.count) of \(outcome.checked) links failed the same way (\(reason)): the network looks down, so no link was taken for dead; run refresh again when it is back"
          ))
      }
      for problem in outcome.skipped {
        Printer.message(tr("skipped: \(TerminalText.oneLine(tr(said: problem.message)))"))
      }
      let changed = outcome.changed.count
      let failed = outcome.failures.count
      let checked = outcome.checked
      Printer.message(
        checked == 1
          ? tr("Refreshed 1 bookmark: \(changed) changed, \(failed) could not be fetched")
          : tr("Refreshed \(checked) bookmarks: \(changed) changed, \(failed) could not be fetched")
      )
    }
  }
}
