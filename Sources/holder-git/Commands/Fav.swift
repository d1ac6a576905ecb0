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
    @OptionGroup var names: BookmarkArguments

    func run(_ store: Store) throws {
      let outcome = try store.setFavorite(
        names.bookmarks, to: true, currentDirectory: FileManager.default.currentDirectoryPath)
      FavoriteText.print(outcome, favorite: true, json: output.json)
    }
  }
}
