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
  /// `holder-git log`: the store's history as bookmark changes.
  struct Log: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "log",
        abstract: tr("Show the store's history as sentences, newest first."),
        discussion: tr(
          """
          One line per change: when, on which device, and what changed, field by field.
          A change of many bookmarks (an import, a tag rename, a refresh) is one
          sentence; --expand lists its bookmarks under it. With a bookmark, its
          whole life: across URL edits and including its deletion. On a
          terminal, long output goes through a pager chosen as git chooses one
          ($GIT_PAGER, core.pager, $PAGER, else less); --no-pager prints it
          straight out.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git log -n 20
              holder-git log https://github.com/swiftlang/swift
              holder-git log --tag reading --since 2.weeks.ago
              holder-git log --since '2026-11-20 14:00' --expand
              holder-git log --device laptop --json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(tr("Only this bookmark (id, id prefix, URL or file path).")),
      completion: .custom(Completions.everBookmarks))
    var bookmark: String?

    @Option(
      help: ArgumentHelp(tr("Only changes to bookmarks with this tag or a tag under it.")),
      completion: .custom(Completions.tags))
    var tag: String?

    @Option(
      help: ArgumentHelp(
        tr("Only changes made on or after this date (as git takes it)."),
        discussion: tr("For example \(DateArgument.forms)."), valueName: "date"))
    var since: String?

    @Option(
      help: ArgumentHelp(tr("Only changes made on this device (the commits' Device: trailer).")))
    var device: String?

    @Option(
      name: [.customShort("n", allowingJoined: true), .long],
      help: ArgumentHelp(tr("At most this many commits.")))
    var limit: Int?

    @Flag(
      help: ArgumentHelp(
        tr("List every bookmark a change of many bookmarks changed, under its sentence.")))
    var expand = false

    @Flag(help: ArgumentHelp(tr("Print straight out, without a pager, also on a terminal.")))
    var noPager = false

    func validate() throws {
      try DateArgument.validate(since)
      if let limit, limit < 1 { throw ValidationError(tr("--limit must be 1 or more")) }
    }

    var access: Store.Access { .read }

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
      let pager = Pager.start(store: store, disabled: noPager)
      defer { pager?.finish() }
      for entry in entries {
        for line in ChangeText.lines(entry, expanded: expand) { Printer.out(line) }
      }
    }
  }
}
