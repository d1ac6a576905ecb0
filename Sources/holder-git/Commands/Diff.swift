import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git diff`: what changed, per bookmark and per field.
  struct Diff: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "diff",
        abstract: tr("Show what changed between two points, per bookmark and per field."),
        discussion: tr(
          """
          Without revisions: your uncommitted hand edits (the work tree against HEAD). With one
          revision: from it to HEAD. With two: from the first to the second.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git diff
              holder-git diff HEAD~5
              holder-git diff HEAD~5 HEAD~2 --json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(tr("Revisions (a commit id, a branch, HEAD~N).")))
    var revisions: [String] = []

    func validate() throws {
      if revisions.count > 2 { throw ValidationError(tr("give at most two revisions")) }
    }

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      let changes: [BookmarkChange]
      switch revisions.count {
      case 0:
        let pending = try store.uncommittedChanges()
        Printer.problems(pending.problems)
        changes = pending.changes
      case 1:
        changes = try store.diff(from: revisions[0])
      default:
        changes = try store.diff(from: revisions[0], to: revisions[1])
      }
      if output.json {
        Printer.json(.array(changes.map(ChangeJSON.node(of:))))
        return
      }
      let pager = Pager.start(store: store)
      defer { pager?.finish() }
      for change in changes { Printer.out(TerminalText.oneLine(ChangeSentence.text(change))) }
    }
  }
}
