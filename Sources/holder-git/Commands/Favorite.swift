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
  /// `holder-git fav BOOKMARK…`: mark bookmarks as favourites.
  typealias Fav = Favorite<Marking>
  /// `holder-git unfav BOOKMARK…`: take bookmarks off the favourites.
  typealias Unfav = Favorite<Unmarking>

  /// `fav` and `unfav`: one command that sets the favourite flag to `Setting.favorite`.
  struct Favorite<Setting: FavoriteSetting>: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      let name = Setting.favorite ? "fav" : "unfav"
      return CommandConfiguration(
        commandName: name,
        abstract: Setting.favorite
          ? tr("Mark bookmarks as favourites.") : tr("Take bookmarks off the favourites."),
        discussion: tr(
          """
          Every bookmark named changes in one commit; one that is already as asked is left
          alone. 'holder-git list --favorites' shows the favourites.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git \(name) https://github.com/swiftlang/swift
              holder-git \(name) 0f8c5a4e 7d2e91b0
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var names: BookmarkArguments

    func run(_ store: Store) throws {
      let outcome = try store.setFavorite(
        names.bookmarks, to: Setting.favorite,
        currentDirectory: FileManager.default.currentDirectoryPath)
      if output.json {
        Printer.json(BookmarkJSON.node(of: outcome.changed + outcome.unchanged, asArray: true))
      }
      for located in outcome.changed {
        let title = TerminalText.oneLine(located.bookmark.title)
        Printer.message(
          Setting.favorite ? tr("Favourited \"\(title)\"") : tr("Unfavourited \"\(title)\""))
      }
      for located in outcome.unchanged {
        let title = TerminalText.oneLine(located.bookmark.title)
        Printer.message(
          Setting.favorite
            ? tr("Already a favourite: \"\(title)\"") : tr("Already not a favourite: \"\(title)\""))
      }
    }
  }

  /// `fav`: the favourite flag set.
  enum Marking: FavoriteSetting { static let favorite = true }
  /// `unfav`: the favourite flag cleared.
  enum Unmarking: FavoriteSetting { static let favorite = false }
}

/// The one thing `fav` and `unfav` differ by: whether they make bookmarks favourites.
protocol FavoriteSetting {
  static var favorite: Bool { get }
}
