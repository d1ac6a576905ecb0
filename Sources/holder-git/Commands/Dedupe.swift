import ArgumentParser
import HolderCore
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
  /// `holder-git dedupe BOOKMARK… [--keep BOOKMARK] [--dry-run]`: merges near-duplicates.
  struct Dedupe: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "dedupe",
        abstract: tr("Merge near-duplicate bookmarks into one."),
        discussion: tr(
          """
          Near-duplicates are one link saved in slightly different forms: http
          and https, with and without www., a trailing / or a #fragment. They
          stay separate bookmarks (they can be different pages); 'holder-git add'
          says when you save one, and 'holder-git check' lists them.

          Name one bookmark to merge it with its near-duplicates, or several to
          merge exactly those. The result keeps the id, URL and title of the
          earliest created (or of --keep), the earliest creation time, every tag
          and every note. One commit does it; 'holder-git undo' takes it back.
          Exits 1 when there is nothing to merge.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git dedupe example.org/swift --dry-run
              holder-git dedupe example.org/swift --keep http://www.example.org/swift/
              holder-git dedupe 0f8c5a4e 7d2e91b0
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(
        tr("Id, id prefix, URL or file path: one bookmark (with its near-duplicates) or several.")),
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String] = []

    @Option(
      help: ArgumentHelp(
        tr("The bookmark whose id, URL and title are kept (default: the earliest created)."),
        valueName: "bookmark"),
      completion: .custom(Completions.bookmarks))
    var keep: String?

    @Flag(help: ArgumentHelp(tr("Show what would be merged, changing nothing.")))
    var dryRun = false

    func validate() throws {
      if bookmarks.isEmpty {
        throw ValidationError(
          tr("name a bookmark to merge with its near-duplicates ('holder-git check' lists them)"))
      }
    }

    func run(_ store: Store) throws {
      let plan = try store.dedupe(
        bookmarks, keep: keep, dryRun: dryRun,
        currentDirectory: FileManager.default.currentDirectoryPath)
      if output.json {
        Printer.json(BookmarkJSON.node(of: [plan.result], asArray: false))
      } else {
        Printer.details(plan.result)
      }
      let count = plan.merged.count
      let title = TerminalText.oneLine(plan.result.bookmark.title)
      let differ = NearDuplicateText.differences(plan.differences)
      switch (dryRun, plan.differences.isEmpty) {
      case (true, true): Printer.message(tr("Would merge \(count) bookmarks into \"\(title)\":"))
      case (false, true): Printer.message(tr("Merged \(count) bookmarks into \"\(title)\":"))
      case (true, false):
        Printer.message(
          tr("Would merge \(count) bookmarks into \"\(title)\" (they differ in \(differ)):"))
      case (false, false):
        Printer.message(
          tr("Merged \(count) bookmarks into \"\(title)\" (they differ in \(differ)):"))
      }
      for located in plan.merged {
        let url = NearDuplicateText.url(located)
        if located.path == plan.result.path {
          Printer.message(tr("  kept: \(url) (\(located.path))"))
        } else if dryRun {
          Printer.message(tr("  to remove: \(url) (\(located.path))"))
        } else {
          Printer.message(tr("  removed: \(url) (\(located.path))"))
        }
      }
      if dryRun { Printer.message(tr("Nothing changed (--dry-run)")) }
    }
  }
}
