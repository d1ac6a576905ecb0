import ArgumentParser

/// The documented exit codes beyond the argument parser's 0, 1 and 64 (README, "Exit codes").
enum ExitCodes {
  /// `search` that found nothing, as grep and rg say it (1, the code of an error too).
  static let noMatch = ExitCode(1)
  /// `add` of a URL that is already saved (without `--update`).
  static let alreadySaved = ExitCode(3)
  /// No bookmark matches the name given, or no bookmark has the tag given.
  static let notFound = ExitCode(4)
  /// `sync` could not reach the remote; everything is committed here for the next sync.
  static let unreachable = ExitCode(5)
}
