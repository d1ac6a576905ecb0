import ArgumentParser
import Foundation
import HolderKit

extension HolderGit {
  /// `holder-git rm BOOKMARK…`: deletes bookmarks.
  struct Remove: StoreCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: "Delete bookmarks (each in its own commit; git history keeps them).",
      discussion: """
        Examples:
          holder-git rm https://example.org
          holder-git rm 0f8c5a4e
        """,
      aliases: ["remove", "delete"])

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: "Id, id prefix, URL or file path of each bookmark to delete.",
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String]

    func validate() throws {
      if bookmarks.isEmpty { throw ValidationError("name at least one bookmark to delete") }
    }

    func run(_ store: Store) throws {
      var removed: [LocatedBookmark] = []
      defer { if output.json { Printer.json(BookmarkJSON.node(of: removed, asArray: true)) } }
      for name in bookmarks {
        let located = try store.remove(
          name, currentDirectory: FileManager.default.currentDirectoryPath)
        removed.append(located)
        Printer.message(
          "Deleted \"\(TerminalText.oneLine(located.bookmark.title))\" (\(located.path))")
      }
    }
  }
}
