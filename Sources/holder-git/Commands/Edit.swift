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
  /// `holder-git edit BOOKMARK`: changes fields, or opens the file in an editor.
  struct Edit: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "edit",
        abstract: tr("Change a bookmark's fields, or edit its file in your editor."),
        discussion: tr(
          """
          With field options, those fields change in one commit. A new URL moves the file to the
          path of that URL, and is refused when the URL is saved already.

          Without field options, the file opens in $VISUAL (else $EDITOR, else vi). When you
          save something that is not a valid bookmark, you are told the line and column and
          asked whether to edit again or abort; aborting leaves the bookmark exactly as it was.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git edit 0f8c5a4e --title "Swift" --add-tag reading
              holder-git edit 0f8c5a4e --remove-tag later --note "read chapter 3"
              holder-git edit 0f8c5a4e --url https://www.swift.org/documentation/
              EDITOR=nano holder-git edit 0f8c5a4e
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @OptionGroup var name: BookmarkArgument

    @Option(help: ArgumentHelp(tr("A new title.")))
    var title: String?

    @Option(help: ArgumentHelp(tr("A new note (an empty one removes the note).")))
    var note: String?

    @Option(
      name: .customLong("add-tag"), help: ArgumentHelp(tr("A tag to add. Repeat for several.")),
      completion: .custom(Completions.tags))
    var addTags: [String] = []

    @Option(
      name: .customLong("remove-tag"),
      help: ArgumentHelp(tr("A tag to take off. Repeat for several.")),
      completion: .custom(Completions.ownTags))
    var removeTags: [String] = []

    @Option(help: ArgumentHelp(tr("A new URL; the file moves to the path of the new URL.")))
    var url: String?

    @Flag(help: ArgumentHelp(tr("Allow a javascript: or data: URL (stored, never opened).")))
    var allowScript = false

    func run(_ store: Store) throws {
      let cwd = FileManager.default.currentDirectoryPath
      let edit = BookmarkEdit(
        title: title, note: note, addTags: addTags, removeTags: removeTags, url: url,
        allowScript: allowScript)
      let outcome: EditOutcome?
      if edit.isEmpty {
        outcome = try EditorSession(store: store).run(
          store.beginEdit(name.bookmark, currentDirectory: cwd))
      } else {
        outcome = try store.edit(name.bookmark, edit, currentDirectory: cwd)
        Printer.notes(store.tagSpellingNotes(typed: addTags))
      }
      guard let outcome else { throw ExitCode.failure }
      switch outcome {
      case .edited(let before, let after):
        Printer.message(tr("Edited \"\(TerminalText.oneLine(after.bookmark.title))\""))
        if before.path != after.path {
          Printer.message(tr("Moved '\(before.path)' to '\(after.path)'"))
        }
        show(after)
      case .unchanged(let located):
        Printer.message(tr("Nothing changed"))
        show(located)
      }
    }

    private func show(_ located: LocatedBookmark) {
      if output.json {
        Printer.json(BookmarkJSON.node(of: [located], asArray: false))
      } else {
        Printer.details(located)
      }
    }
  }
}
