import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git merge-driver %O %A %B %P`: what git runs to merge a bookmark file.
  struct MergeDriverCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "merge-driver",
        abstract: tr("Merge one bookmark file for git (git runs this; you do not need to)."),
        discussion: tr(
          """
          Registered in each store's .git/config by holder-git. git passes the base, ours and
          theirs versions and the file's path; the result is written over ours.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              git config merge.holder-git.driver "holder-git merge-driver %O %A %B %P"
            """,
        shouldDisplay: false)
    }

    @Argument(help: ArgumentHelp(tr("The common ancestor's version (%O).")))
    var base: String
    @Argument(help: ArgumentHelp(tr("Our version, overwritten with the result (%A).")))
    var ours: String
    @Argument(help: ArgumentHelp(tr("Their version (%B).")))
    var theirs: String
    @Argument(help: ArgumentHelp(tr("The file's path in the store (%P).")))
    var path: String

    func run() throws {
      let outcome = MergeDriver.run(
        base: base, ours: ours, theirs: theirs, path: path, history: GitMergeHistory.current())
      if case .conflict(let reason) = outcome {
        Printer.message(tr("holder-git: cannot merge '\(path)': \(tr(said: reason))"))
      }
      throw ExitCode(outcome.exitCode)
    }
  }
}
