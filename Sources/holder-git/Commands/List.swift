import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git list`: prints bookmarks, newest change first.
  struct List: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "list",
        abstract: tr("List bookmarks, most recently changed first."),
        discussion: tr(
          """
          Hand edits are seen at once. A file that cannot be read is reported on stderr with its
          line and column, and every other bookmark is still listed.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git list
              holder-git list --tag dev          (\(tr("dev and every tag under it")))
              holder-git list --favorites --json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var filter: FilterOptions

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      // A mistyped tag is exit 4, not an empty listing.
      let listing = try store.listNamingATag(
        ListFilter(tag: filter.tag, favoritesOnly: filter.favorites))
      Printer.problems(listing.problems)
      if output.json {
        Printer.json(BookmarkJSON.node(of: listing.bookmarks, asArray: true))
        return
      }
      let pager = Pager.start(store: store)
      defer { pager?.finish() }
      for located in listing.bookmarks { Printer.summary(located) }
    }
  }
}
