import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git tags`: the tag screen.
  struct Tags: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "tags",
        abstract: tr("List tags with how many bookmarks carry each."),
        discussion: tr(
          """
          Tags come in your order (see 'holder-git tag move'), then alphabetically. Nested
          tags are shown as a tree, each with the bookmarks it and the tags under it carry;
          --flat lists every tag a bookmark carries by its full path with its own count.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git tags
              holder-git tags --flat
              holder-git tags --json | python3 -m json.tool
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(tr("Full tag paths, one a line, instead of a tree.")))
    var flat = false

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      let listing = store.tags()
      Printer.problems(listing.problems)
      let tags = flat ? listing.flat : listing.tree
      if output.json {
        Printer.json(TagJSON.node(of: tags))
        return
      }
      let rows = tags.map { info in
        flat
          ? (TerminalText.oneLine(info.tag), info.count)
          : (
            String(repeating: "  ", count: info.depth) + TerminalText.oneLine(info.name), info.total
          )
      }
      // On a terminal, long tag names are cut so every count stays on its line.
      let room = TerminalStyle.width.map { max($0 - 10, 10) }
      let labels = rows.map { TerminalStyle.fit($0.0, columns: room) }
      let width = labels.map(TerminalStyle.displayWidth).max() ?? 0
      for (label, row) in zip(labels, rows) {
        let padding = String(repeating: " ", count: width + 2 - TerminalStyle.displayWidth(label))
        Printer.out(label + padding + "\(row.1)")
      }
    }
  }
}
