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
  /// `holder-git rm BOOKMARK…`: deletes bookmarks.
  struct Remove: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "rm",
        abstract: tr("Delete bookmarks in one commit (one undo brings them back; git keeps them)."),
        discussion: tr("Examples:") + "\n"
          + """
            holder-git rm https://example.org
            holder-git rm 0f8c5a4e 7d2e91b0
          """,
        aliases: ["remove", "delete"])
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(tr("Id, id prefix, URL or file path of each bookmark to delete.")),
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String]

    func validate() throws {
      if bookmarks.isEmpty { throw ValidationError(tr("name at least one bookmark to delete")) }
    }

    func run(_ store: Store) throws {
      let removed = try store.remove(
        bookmarks, currentDirectory: FileManager.default.currentDirectoryPath)
      if output.json { Printer.json(BookmarkJSON.node(of: removed, asArray: true)) }
      for located in removed {
        let title = TerminalText.oneLine(located.bookmark.title)
        Printer.message(tr("Deleted \"\(title)\" (\(located.path))"))
      }
    }
  }
}
