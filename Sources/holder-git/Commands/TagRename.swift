import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git tag rename OLD NEW`.
  struct TagRename: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "rename",
        abstract: tr("Rename a tag on every bookmark; tags under it follow."),
        discussion: tr(
          """
          Renaming onto a tag that exists merges the two. The rename is recorded in
          .holder/store.json, so a sync can map tags added elsewhere through it.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git tag rename ios apple/ios       (\(tr("ios/swiftui becomes apple/ios/swiftui")))
              holder-git tag rename to-read reading     (\(tr("merges to-read into reading")))
              holder-git tag rename Swift swift         (\(tr("a new spelling")))
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(tr("The tag to rename.")), completion: .custom(Completions.tags))
    var tag: String

    @Argument(
      help: ArgumentHelp(tr("Its new name; '/' nests it under another tag.")),
      completion: .custom(Completions.parentTags))
    var newName: String

    func validate() throws {
      if tag == newName { throw ValidationError(tr("the new name is the tag's name already")) }
    }

    func run(_ store: Store) throws {
      let outcome = try store.renameTag(tag, to: newName)
      Printer.message(TerminalText.oneLine(tr(said: outcome.subject)))
      if output.json { Printer.json(BookmarkJSON.node(of: outcome.changed, asArray: true)) }
    }
  }
}
