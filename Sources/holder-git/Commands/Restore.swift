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
  /// `holder-git restore`: brings back a bookmark as it was.
  struct Restore: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "restore",
        abstract: tr("Bring back a bookmark as it was, deleted ones too; or list deleted ones."),
        discussion: tr(
          "The restored bookmark is committed with a new lastModified, so it wins the next sync.")
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git restore --deleted
              holder-git restore https://example.org/gone
              holder-git restore 0f8c5a4e --at 2026-11-01
              holder-git restore 0f8c5a4e --at '2026-11-20 14:00'
              holder-git restore 0f8c5a4e --at yesterday
              holder-git restore 0f8c5a4e --at 3f2a9c1b^2 --field note
              holder-git restore https://github.com/swiftlang/swift --at HEAD~3
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(tr("The bookmark (id, id prefix, URL or file path; deleted ones too).")),
      completion: .custom(Completions.everBookmarks))
    var bookmark: String?

    @Option(
      help: ArgumentHelp(
        tr("Bring back the version of this date (as log --since takes it) or revision."),
        discussion: tr("For example \(DateArgument.forms), HEAD~3."), valueName: "date-or-rev"))
    var at: String?

    @Option(
      help: ArgumentHelp(
        tr("Bring back only this field (title, note, favorite, url, tags…); the rest stays."),
        valueName: "field"))
    var field: String?

    @Flag(
      help: ArgumentHelp(tr("List the deleted bookmarks, with when and where they were deleted.")))
    var deleted = false

    func validate() throws {
      if deleted && (bookmark != nil || at != nil || field != nil) {
        throw ValidationError(tr("--deleted lists; give it without a bookmark, --at or --field"))
      }
      if !deleted && bookmark == nil {
        throw ValidationError(tr("name the bookmark to restore, or give --deleted to list them"))
      }
    }

    func run(_ store: Store) throws {
      if deleted {
        let gone = try store.deletedBookmarks()
        if output.json {
          Printer.json(BookmarkJSON.node(of: gone.map(located), asArray: true))
          return
        }
        for item in gone {
          let when = ChangeText.time(item.entry) + "  " + (item.entry.device ?? "-")
          Printer.out(TerminalText.oneLine(when + "  " + item.bookmark.title))
          Printer.out(
            "          " + TerminalText.oneLine(URLNormalizer.readable(item.bookmark.url)))
        }
        return
      }
      let point: RestorePoint
      if let at {
        point = DateArgument.timestamp(at).map(RestorePoint.time) ?? .revision(at)
      } else {
        point = .latest
      }
      let restored = try store.restore(
        bookmark ?? "", at: point, field: field,
        currentDirectory: FileManager.default.currentDirectoryPath)
      if output.json {
        Printer.json(BookmarkJSON.node(of: [restored], asArray: false))
        return
      }
      let title = TerminalText.oneLine(restored.bookmark.title)
      if let field {
        Printer.message(tr("Restored the \(field) of \"\(title)\""))
      } else {
        Printer.message(tr("Restored \"\(title)\""))
      }
      Printer.details(restored)
    }

    private func located(_ item: DeletedBookmark) -> LocatedBookmark {
      LocatedBookmark(
        path: BookmarkPath.relativePath(forNormalizedURL: item.bookmark.url),
        bookmark: item.bookmark)
    }
  }
}
