import ArgumentParser
import HolderKit

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
      try run(try storeOptions.open())
    } catch StoreError.notFound(let name) {
      Printer.error(StoreError.notFound(name))
      throw ExitCodes.notFound
    } catch StoreError.tagNotFound(let tag) {
      Printer.error(StoreError.tagNotFound(tag))
      throw ExitCodes.notFound
    }
  }
}
