import ArgumentParser
import HolderCore
import HolderKit
import Localization

/// A command that works on an existing store: the store is opened once, here.
///
/// Errors a person can act on map to the documented exit codes; everything
/// else is printed by the argument parser as `Error: …` with exit code 1.
protocol StoreCommand: ParsableCommand {
  var storeOptions: StoreOptions { get }
  /// What the command does with the store: a read changes nothing on disk (and says what the
  /// next write will finish first); a write settles the store before it starts.
  var access: Store.Access { get }
  /// True for a command whose own output names an interrupted operation (`status`).
  var reportsInterruptedOperation: Bool { get }
  func run(_ store: Store) throws
}

extension StoreCommand {
  var access: Store.Access { .write }
  var reportsInterruptedOperation: Bool { false }

  func run() throws {
    (self as? any QuietCommand)?.applyQuiet()
    do {
      let (store, notices) = try storeOptions.open(for: access)
      for notice in notices {
        if case .interrupted = notice, reportsInterruptedOperation { continue }
        OpeningNotices.print(notice)
      }
      try run(store)
      // After the command's output: a detached child packs, when the loose objects call for it.
      if access == .write { store.packInBackgroundIfNeeded() }
    } catch let error as StoreError {
      switch error {
      case .lookup(.notFound), .lookup(.tagNotFound), .lookup(.idPrefixTooShort):
        Printer.error(error)
        throw ExitCodes.notFound
      default:
        throw error
      }
    }
  }
}

/// The lines that say what opening the store found or did, before a command's own output.
enum OpeningNotices {
  static func print(_ notice: Store.OpeningNotice) {
    Printer.message(TerminalText.oneLine(tr(said: notice.sentence)))
    if case .settled(let resolutions) = notice {
      for resolution in resolutions {
        Printer.message(tr("settled: \(DecisionText.shown(resolution.summary))"))
      }
    }
  }
}
