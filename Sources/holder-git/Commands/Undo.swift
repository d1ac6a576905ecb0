import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git undo`: takes back the latest change not yet taken back, with a new commit.
  struct Undo: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "undo",
        abstract: tr("Take back the latest change with a new commit (history is kept)."),
        discussion: tr(
          """
          Shows what it takes back, then commits the files as they were before that
          change. Works for adds, edits, deletions (all bookmarks of one 'rm'),
          tag renames and imports. Undo again to take back the change before;
          'holder-git redo' puts back what undo took. Undo and redo are read
          from the commits, so they work the same on every synced clone.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git undo
              holder-git undo --dry-run
              holder-git undo --dry-run --json
              holder-git redo
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(tr("Only show what would be undone.")))
    var dryRun = false

    func run(_ store: Store) throws {
      let entry = try store.undo(dryRun: dryRun)
      if output.json {
        Printer.json(ChangeJSON.node(of: entry))
        return
      }
      UndoText.show(undoing: true, entry)
      if dryRun { return }
      Printer.message(
        tr("Done; 'holder-git redo' puts it back, 'holder-git undo' goes one further"))
    }
  }

  /// `holder-git redo`: puts back what the latest undo took back, with a new commit.
  struct Redo: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "redo",
        abstract: tr("Put back what the latest undo took back, with a new commit."),
        discussion: tr(
          """
          Redo again to put back what the undo before took; a new change (anything but
          undo and redo) ends what can be redone, as in an editor.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git redo
              holder-git redo --dry-run
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(tr("Only show what would be put back.")))
    var dryRun = false

    func run(_ store: Store) throws {
      let entry = try store.redo(dryRun: dryRun)
      if output.json {
        Printer.json(ChangeJSON.node(of: entry))
        return
      }
      UndoText.show(undoing: false, entry)
      if dryRun { return }
      Printer.message(tr("Done; 'holder-git undo' takes it back again"))
    }
  }
}

/// What undo and redo say before they act: the change's sentence and its bookmarks.
enum UndoText {
  /// `Undoing: Delete "Swift"` and the change's lines (the first 10 of a bulk change).
  static func show(undoing: Bool, _ entry: HistoryEntry) {
    let subject =
      entry.subject.hasPrefix("Redo: ") ? String(entry.subject.dropFirst(6)) : entry.subject
    let shown = TerminalText.oneLine(tr(said: subject))
    Printer.message(undoing ? tr("Undoing: \(shown)") : tr("Redoing: \(shown)"))
    let lines = entry.changes.map { TerminalText.oneLine(ChangeSentence.text($0)) }
    for line in lines.prefix(10) { Printer.message("  " + line) }
    if lines.count > 10 { Printer.message(tr("  … and \(lines.count - 10) more")) }
  }
}
