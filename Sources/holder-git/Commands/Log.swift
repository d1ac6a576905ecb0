import ArgumentParser
import Foundation
import HolderCore
import HolderKit

extension HolderGit {
  /// `holder-git log`: the store's history as bookmark changes.
  struct Log: StoreCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the store's history as sentences, newest first.",
      discussion: """
        One line per bookmark change: when, on which device, and what changed, field by field.
        With a bookmark, its whole life: across URL edits and including its deletion.

        Examples:
          holder-git log
          holder-git log https://github.com/swiftlang/swift
          holder-git log --tag reading --since 2026-11-01
          holder-git log --device laptop --json
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: "Only this bookmark (id, id prefix, URL or file path).",
      completion: .custom(Completions.everBookmarks))
    var bookmark: String?

    @Option(
      help: "Only changes to bookmarks with this tag or a tag under it.",
      completion: .custom(Completions.tags))
    var tag: String?

    @Option(help: "Only changes made on or after this date (YYYY-MM-DD or RFC 3339).")
    var since: String?

    @Option(help: "Only changes made on this device (the commits' Device: trailer).")
    var device: String?

    @Option(name: [.customShort("n"), .long], help: "At most this many commits.")
    var limit: Int?

    func validate() throws {
      try DateArgument.validate(since)
      if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run(_ store: Store) throws {
      let id = try bookmark.map {
        try store.resolveForHistory($0, currentDirectory: FileManager.default.currentDirectoryPath)
      }
      let filter = HistoryFilter(
        bookmark: id, tag: tag, since: since.flatMap(DateArgument.timestamp), device: device,
        limit: limit)
      let entries = try store.history(filter)
      if output.json {
        Printer.json(.array(entries.map(ChangeJSON.node(of:))))
        return
      }
      for entry in entries {
        for line in ChangeText.lines(entry) { Printer.out(line) }
      }
    }
  }
}
