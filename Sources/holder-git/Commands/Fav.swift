import ArgumentParser
import Foundation
import HolderKit

extension HolderGit {
  /// `holder-git fav BOOKMARK…`: mark bookmarks as favourites.
  struct Fav: StoreCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark bookmarks as favourites.",
      discussion: """
        Every bookmark named changes in one commit; one that is already as asked is left
        alone. 'holder-git list --favorites' shows the favourites.

        Examples:
          holder-git fav https://github.com/swiftlang/swift
          holder-git fav 0f8c5a4e 7d2e91b0
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: "Id, id prefix, URL or file path of each bookmark.",
      completion: .custom(Completions.bookmarks))
    var bookmarks: [String] = []

    func validate() throws {
      if bookmarks.isEmpty { throw ValidationError("name at least one bookmark") }
    }

    func run(_ store: Store) throws {
      let outcome = try store.setFavorite(
        bookmarks, to: true, currentDirectory: FileManager.default.currentDirectoryPath)
      if output.json {
        Printer.out(BookmarkJSON.text(of: outcome.changed + outcome.unchanged, asArray: true))
      }
      for located in outcome.changed {
        Printer.message(
          "Favourited \"\(TerminalText.oneLine(located.bookmark.title))\"")
      }
      for located in outcome.unchanged {
        Printer.message(
          "Already a favourite: \"\(TerminalText.oneLine(located.bookmark.title))\"")
      }
    }
  }
}
