import ArgumentParser
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

/// `-C DIR`, `--store PATH` and `--no-pager` before the subcommand, as git takes them.
///
/// They are taken from the front of the arguments before the argument parser sees them: each
/// `-C` changes the current folder in turn (so later relative paths, `--store`'s included, start
/// there), and `--store` then stands for the whole run, as `HOLDER_GIT_STORE` would; a
/// `--store` after the subcommand still wins over it.
enum LeadingOptions {
  /// What the root help says about them.
  static var help: String {
    [
      tr("Before the subcommand, as in git:"),
      "  -C <directory>     " + tr("run as if started in this folder (each -C in turn)"),
      "  --store <path>     " + tr("the store to use, for any subcommand"),
      "  -P, --no-pager     "
        + tr("print long output (log, list, search, diff) straight out, without a pager"),
    ].joined(separator: "\n")
  }

  /// A leading option that cannot be applied: a missing value or a folder that is not there.
  struct Failure: LocalizedError {
    var errorDescription: String?
  }

  /// Applies the leading options and returns the arguments that follow them.
  static func apply(_ arguments: [String]) throws -> [String] {
    var rest = arguments[...]
    var store: String?
    while let first = rest.first {
      if first == "-C" || first == "--store" {
        guard rest.count > 1 else {
          throw ValidationError(
            "Missing value for '\(first == "-C" ? "-C <directory>" : "--store <path>")'")
        }
        let value = rest[rest.index(after: rest.startIndex)]
        rest = rest.dropFirst(2)
        if first == "-C" { try changeDirectory(to: value) } else { store = value }
      } else if first == "--no-pager" || first == "-P" {
        Pager.turnedOff = true
        rest = rest.dropFirst()
      } else if first.hasPrefix("--store=") {
        store = String(first.dropFirst("--store=".count))
        rest = rest.dropFirst()
      } else if first.hasPrefix("-C"), first.count > 2 {
        try changeDirectory(to: String(first.dropFirst(2)))
        rest = rest.dropFirst()
      } else {
        break
      }
    }
    if let store {
      let path = StoreLocation.absolute(
        store, from: FileManager.default.currentDirectoryPath)
      setenv("HOLDER_GIT_STORE", path, 1)
    }
    return Array(rest)
  }

  /// git's `-C`: an empty value leaves the folder as it is.
  private static func changeDirectory(to path: String) throws {
    guard !path.isEmpty else { return }
    guard chdir(path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw Failure(
        errorDescription: "cannot change to '\(path)': \(reason); give '-C' a folder that exists")
    }
  }
}

extension HolderGit {
  /// Takes the leading options, then parses and runs the rest as usual; called as
  /// `holder-git-serve` (how `serve` starts it), this program is the web app.
  static func main() {
    // The app handles its own Ctrl-C (a clean stop); the CLI's handler is for writes.
    if ServeProgram.isCalled { ServeProgram.runApp() }
    Interrupt.install()
    do {
      let rest = try LeadingOptions.apply(Array(CommandLine.arguments.dropFirst()))
      if rest.isEmpty {
        // As `git` alone: the short usage on stdout, and exit 1, since nothing was done.
        print(ShortUsage.text)
        exit(withError: ExitCode.failure)
      }
      if let first = rest.first, let message = UnknownCommand.message(for: first) {
        Printer.errorLine(tr("Error: \(message)"))
        exit(withError: ExitCode.validationFailure)
      }
      var command = try parseAsRoot(rest)
      try command.run()
      if WriteInterruption.isRequested { Glibc.exit(Interrupt.exitCode) }
    } catch {
      if WriteInterruption.isRequested {
        Printer.error(error)
        Glibc.exit(Interrupt.exitCode)
      }
      if let help = HelpScreen.text(for: error) {
        print(ParserText.translated(help))
        exit(withError: ExitCode.success)
      }
      guard Catalog.current.language != .english else { exit(withError: error) }
      // The parser's messages in the reader's language, where exit(withError:) would print them.
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        if code == .success {
          // A help screen is text for people; a completion script or the version is not.
          let isHelp = message.hasPrefix("OVERVIEW: ") || message.hasPrefix("USAGE: ")
          print(isHelp ? ParserText.translated(message) : message)
        } else {
          Printer.errorLine(
            ParserText.translated(message.hasPrefix("Error: ") ? message : "Error: " + message))
        }
      }
      Glibc.exit(code.rawValue)
    }
  }
}
