import ArgumentParser
import HolderKit

extension HolderGit {
  /// `holder-git undo`: takes back the last change with a new commit.
  struct Undo: StoreCommand {
    static let configuration = CommandConfiguration(
      abstract: "Take back the last change with a new commit (history is kept).",
      discussion: """
        Shows what it undoes, then commits the files as they were before that change. Works
        for adds, edits, deletions, tag renames and imports; undo again to take the undo back.

        Examples:
          holder-git undo
          holder-git undo --dry-run
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Only show what would be undone.")
    var dryRun = false

    func run(_ store: Store) throws {
      guard let last = try store.lastChange() else { throw StoreError.nothingToUndo }
      Printer.message("Undoing: " + TerminalText.oneLine(last.subject))
      for line in ChangeText.lines(last) { Printer.message("  " + line) }
      if dryRun { return }
      _ = try store.undo()
      Printer.message("Done; 'holder-git undo' again takes the undo back")
    }
  }
}
