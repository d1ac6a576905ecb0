import ArgumentParser
import Localization

/// `--quiet` (`-q`), shared by the commands that report what they did: only errors are printed.
struct QuietOption: ParsableArguments {
  @Flag(
    name: [.short, .long],
    help: ArgumentHelp(tr("Print only errors (JSON asked for with --json is still printed).")))
  var quiet = false
}

/// A command that takes `--quiet`.
protocol QuietCommand {
  var quietOption: QuietOption { get }
}

extension QuietCommand {
  /// Turns the reports off when `--quiet` was given; called before the command prints anything.
  func applyQuiet() {
    if quietOption.quiet { Printer.quiet = true }
  }
}
