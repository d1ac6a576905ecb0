import ArgumentParser

/// The documented exit codes beyond the argument parser's 0, 1 and 64.
enum ExitCodes {
  /// `add` of a URL that is already saved (without `--update`).
  static let alreadySaved = ExitCode(3)
  /// No bookmark matches the name given.
  static let notFound = ExitCode(4)
}
