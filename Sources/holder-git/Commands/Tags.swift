import ArgumentParser
import HolderCore
import HolderKit

extension HolderGit {
  /// `holder-git tags`: the tag screen.
  struct Tags: StoreCommand {
    static let configuration = CommandConfiguration(
      abstract: "List tags with how many bookmarks carry each.",
      discussion: """
        Tags come in your order (see 'holder-git tag move'), then alphabetically. Nested
        tags are shown as a tree, each with the bookmarks it and the tags under it carry;
        --flat lists every tag a bookmark carries by its full path with its own count.

        Examples:
          holder-git tags
          holder-git tags --flat
          holder-git tags --json | python3 -m json.tool
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Full tag paths, one a line, instead of a tree.")
    var flat = false

    func run(_ store: Store) throws {
      let listing = store.tags()
      Printer.problems(listing.problems)
      let tags = flat ? listing.flat : listing.tree
      if output.json {
        Printer.out(TagJSON.text(of: tags))
        return
      }
      let rows = tags.map { info in
        flat
          ? (TerminalText.oneLine(info.tag), info.count)
          : (
            String(repeating: "  ", count: info.depth) + TerminalText.oneLine(info.name), info.total
          )
      }
      let width = rows.map(\.0.count).max() ?? 0
      for (label, count) in rows {
        Printer.out(label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "\(count)")
      }
    }
  }
}
