import ArgumentParser
import HolderKit
import Localization

/// A command that works on an existing store: the store is opened once, here.
///
/// Errors a person can act on map to the documented exit codes; everything
/// else is printed by the argument parser as `Error: …` with exit code 1.
protocol StoreCommand: ParsableCommand {
  var storeOptions: StoreOptions { get }
  func run(_ store: Store) throws
}

extension StoreCommand {
  func run() throws {
    do {
      let store = try storeOptions.open()
      // A clone made with plain git lacks the driver; registering it is never worth failing for.
      try? store.ensureMergeDriver(executable: ExecutablePath.current)
      finishInterruptedOperation(store)
      settleMergeFromGit(store)
      try run(store)
      // After the command's output: a detached child packs, when the loose objects call for it.
      store.packInBackgroundIfNeeded()
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

  /// Finishes (or undoes) an operation a crash interrupted, before the command reads or
  /// writes: its files are never read as hand edits.
  private func finishInterruptedOperation(_ store: Store) {
    do {
      if let recovered = try store.finishInterruptedOperation() {
        Printer.message(TerminalText.oneLine(tr(said: recovered.sentence)))
      }
    } catch {
      Printer.message(
        tr(
          "warning: could not finish an interrupted operation: \(tr(said: error.errorDescription ?? "\(error)"))"
        ))
    }
  }

  /// Finishes a merge plain `git pull` made or left, before the command reads or writes.
  private func settleMergeFromGit(_ store: Store) {
    do {
      if let resolutions = try store.settleMergeFromGit() {
        Printer.message(
          resolutions.isEmpty
            ? tr("Settled a merge from git")
            : tr(
              count: resolutions.count, one: "Settled a merge from git (1 conflict settled)",
              other: "Settled a merge from git (\(resolutions.count) conflicts settled)"))
        for resolution in resolutions {
          Printer.message(tr("settled: \(DecisionText.shown(resolution.summary))"))
        }
      }
    } catch {
      Printer.message(tr("warning: \(tr(said: error.errorDescription ?? "\(error)"))"))
    }
  }
}
