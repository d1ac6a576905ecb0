import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git tag move TAG --before|--after OTHER`.
  struct TagMove: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "move",
        abstract: tr("Put a tag before or after another in your order of tags."),
        discussion: tr(
          """
          The order lives in .holder/store.json; tags you never placed follow alphabetically.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git tag move reading --before dev
              holder-git tag move dev/swift --after dev/rust
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(tr("The tag to move.")), completion: .custom(Completions.tags))
    var tag: String

    @Option(
      help: ArgumentHelp(tr("Put it just before this tag.")), completion: .custom(Completions.tags))
    var before: String?

    @Option(
      help: ArgumentHelp(tr("Put it just after this tag.")), completion: .custom(Completions.tags))
    var after: String?

    func validate() throws {
      if (before == nil) == (after == nil) {
        throw ValidationError(tr("give exactly one of --before and --after"))
      }
      if tag == before || tag == after {
        throw ValidationError(tr("a tag cannot move before or after itself"))
      }
    }

    func run(_ store: Store) throws {
      let placement: TagPlacement = before.map { .before($0) } ?? .after(after ?? "")
      let order = try store.moveTag(tag, placement)
      if output.json {
        Printer.json(.value(.array(order.map(JSONValue.string))))
      } else {
        Printer.message(tr("Tag order: \(order.map(TerminalText.oneLine).joined(separator: ", "))"))
      }
    }
  }
}
