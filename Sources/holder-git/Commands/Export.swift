import ArgumentParser
import Glibc
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git export`: writes bookmarks as a browser bookmark file, JSON, JSON Lines or Markdown.
  struct Export: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "export",
        abstract: tr("Write bookmarks to a browser bookmark file, JSON, JSON Lines or Markdown."),
        discussion: tr(
          """
          The format comes from --format, else from FILE's extension (.html .htm, .json, .jsonl
          .ndjson, .md .markdown, .xbel). Without FILE the export goes to standard output (JSON unless
          --format says otherwise). A file is written atomically and never inside the store.

          netscape   a bookmarks.html every browser imports: each tag is a folder (dev/swift is
                     swift inside dev), a bookmark sits in the folder of each of its tags, with
                     TAGS, ADD_DATE, LAST_MODIFIED and its note as <DD>; holder-git's own fields
                     ride along as HOLDER_* attributes, so 'holder-git import' restores it exactly
          json       an array of the --json objects, the same text as 'list --json'
          jsonl      one --json object per line
          markdown   a readable list grouped by tag
          xbel       XBEL 1.0 for floccus: tags as nested folders, titles, notes, exact times
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git export bookmarks.html
              holder-git export --tag dev --favorites backup.jsonl
              holder-git export --format markdown > bookmarks.md
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

    @Option(
      name: .long,
      help: ArgumentHelp(
        tr("netscape, json, jsonl, markdown or xbel (default: from FILE's extension).")))
    var format: ExportFormat?

    @Option(
      name: .long,
      help: ArgumentHelp(
        tr("Only bookmarks with this tag or a tag under it (repeat for any of several).")),
      completion: .custom(Completions.tags))
    var tag: [String] = []

    @Flag(name: .long, help: ArgumentHelp(tr("Only favourites.")))
    var favorites = false

    @Argument(help: ArgumentHelp(tr("The file to write (default: standard output).")))
    var file: String?

    func validate() throws {
      if format == nil, let file, ExportFormat(fileName: file) == nil {
        throw ValidationError(
          tr(
            "cannot tell the format from '\(file)': add --format netscape, json, jsonl, markdown or xbel"
          )
        )
      }
    }

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      try store.checkTagsExist(tag)
      let chosen = format ?? file.flatMap(ExportFormat.init(fileName:)) ?? .json
      // A bar on the terminal the export itself is printed to would break up its text.
      let progress =
        file != nil || isatty(STDOUT_FILENO) == 0 ? DelayedProgress(label: tr("Exporting")) : nil
      let outcome = try store.export(
        ExportSelection(tags: tag, favoritesOnly: favorites), as: chosen,
        to: file.map(ExportDestination.file) ?? .standardOutput,
        progress: { done, total in progress?.update(done, of: total) })
      progress?.finish()
      Printer.problems(outcome.problems)
      if let file {
        let count = outcome.count
        let shown = TerminalText.oneLine(file)
        Printer.message(
          count == 1
            ? tr("Exported 1 bookmark to '\(shown)'")
            : tr("Exported \(count) bookmarks to '\(shown)'"))
      }
    }
  }
}

extension ExportFormat: ExpressibleByArgument {}
