import ArgumentParser
import Foundation
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git dedupe BOOKMARK… [--keep BOOKMARK] [--dry-run]`: merges near-duplicates.
  struct Dedupe: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        abstract: tr("Merge near-duplicate bookmarks into one."),
        discussion: """
          Near-duplicates are one link saved in slightly different forms: http
          and https, with and without www., a trailing / or a #fragment. They
          stay separate bookmarks (they can be different pages); 'holder-git add'
          says when you save one, and 'holder-git check' lists them.

          Name one bookmark to merge it with its near-duplicates, or several to
          merge exactly those. The result keeps the id, URL and title of the
          earliest created (or of --keep), the earliest creation time, every tag
          and every note. One commit does it; 'holder-git undo' takes it back.
          Exits 1 when there is nothing to merge.

          Examples:
            holder-git dedupe example.org/swift --dry-run
            holder-git dedupe example.org/swift --keep http://www.example.org/swift/
            holder-git dedupe 0f8c5a4e 7d2e91b0
          """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: "Id, id prefix, URL or file path: one bookmark (with its near-duplicates) or several.",
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String] = []

    @Option(
      help: ArgumentHelp(
        "The bookmark whose id, URL and title are kept (default: the earliest created).",
        valueName: "bookmark"),
      completion: .custom(Completions.bookmarks))
    var keep: String?

    @Flag(help: "Show what would be merged, changing nothing.")
    var dryRun = false

    func validate() throws {
      if bookmarks.isEmpty {
        throw ValidationError(
          "name a bookmark to merge with its near-duplicates ('holder-git check' lists them)")
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
      let verb = dryRun ? "Would merge" : "Merged"
      let differences =
        plan.differences.isEmpty
        ? "" : " (they differ in \(NearDuplicateText.differences(plan.differences)))"
      Printer.message(
        "\(verb) \(plan.merged.count) bookmarks into "
          + "\"\(TerminalText.oneLine(plan.result.bookmark.title))\"\(differences):")
      for located in plan.merged {
        let role = located.path == plan.result.path ? "kept" : dryRun ? "to remove" : "removed"
        Printer.message("  \(role): \(NearDuplicateText.url(located)) (\(located.path))")
      }
      if dryRun { Printer.message("Nothing changed (--dry-run)") }
    }
  }
}
