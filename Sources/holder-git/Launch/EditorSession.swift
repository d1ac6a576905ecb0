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

/// Runs the person's editor on a draft until it is valid or they give up, like `visudo`.
struct EditorSession {
  let store: Store

  /// The outcome once the draft is committed; nil when the person aborted (nothing changed).
  func run(_ draft: EditDraft) throws -> EditOutcome? {
    while true {
      do {
        try openEditor(on: draft.path)
      } catch {
        store.discardEdit(draft)
        throw error
      }
      let problem: StoreError
      let notes = store.tagSpellingNotes(ofDraft: draft)
      do {
        let outcome = try store.finishEdit(draft)
        Printer.notes(notes)
        return outcome
      } catch {
        problem = error
      }
      guard let text = Self.retryableMessage(problem) else {
        if case .bookmark(.changedWhileEditing) = problem {
          Printer.message(tr("Your version is kept in '\(draft.path)'"))
        } else {
          store.discardEdit(draft)
        }
        throw problem
      }
      Printer.message(text)
      guard askToEditAgain() else {
        store.discardEdit(draft)
        Printer.message(tr("Aborted; '\(draft.original.path)' is unchanged"))
        return nil
      }
    }
  }

  /// What is wrong with a draft the person can fix by editing again; nil for other errors.
  private static func retryableMessage(_ error: StoreError) -> String? {
    switch error {
    case .bookmark(.brokenFile(let problem)):
      return tr(
        "\(problem.file): line \(problem.line), column \(problem.column): \(tr(said: problem.message))"
      )
    case .bookmark(.urlInUse), .bookmark(.invalidTag), .bookmark(.overLimit):
      return error.errorDescription
    default:
      return nil
    }
  }

  /// `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell so it may carry arguments.
  private func openEditor(on path: String) throws {
    let environment = ProcessInfo.processInfo.environment
    let editor =
      [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .first { !$0.trimmingSpaces().isEmpty } ?? "vi"
    let status = try Shell.run(editor + " \"$1\"", name: editor, argument: path)
    guard status == 0 else { throw EditorFailure(editor: editor, status: status) }
  }

  /// Asks on stderr and reads the answer from stdin; no answer (end of input) aborts.
  private func askToEditAgain() -> Bool {
    while true {
      try? StandardStream.error.write(tr("Edit again or abort? [e/a] "))
      guard let answer = readLine()?.trimmingSpaces().lowercased() else {
        Printer.message("")
        return false
      }
      if ["e", "edit", "y", "yes", ""].contains(answer) { return true }
      if ["a", "abort", "q", "quit", "n", "no"].contains(answer) { return false }
    }
  }
}

/// The editor exited with an error: the draft is not taken in.
struct EditorFailure: Error, LocalizedError {
  var editor: String
  var status: Int32

  var errorDescription: String? {
    // 127: the shell found no such program.
    status == 127
      ? tr("no editor '\(editor)' found; set $VISUAL or $EDITOR to your editor's command")
      : tr("the editor '\(editor)' exited with status \(status); nothing was changed")
  }
}
