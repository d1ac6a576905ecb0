import ArgumentParser
import Foundation
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git init`: makes a new store.
  struct Init: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "init",
        abstract: tr("Make a new bookmark store (a git repository with holder-git's layout)."),
        discussion: tr(
          """
          Without a folder, the store is made where --store or $HOLDER_GIT_STORE point, else in
          the current folder (as 'git init' does). --default makes the store that commands use
          when they find no other: $XDG_DATA_HOME/holder-git or ~/.local/share/holder-git.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git init
              holder-git init ~/bookmarks
              holder-git init --default
            """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: ArgumentHelp(tr("Make the default store under your data folder.")))
    var `default` = false

    @Argument(help: ArgumentHelp(tr("The folder to make the store in.")))
    var directory: String?

    func validate() throws {
      if `default` && directory != nil {
        throw ValidationError(tr("give either a folder or --default, not both"))
      }
    }

    func run() throws {
      let environment = ProcessInfo.processInfo.environment
      let cwd = FileManager.default.currentDirectoryPath
      let path: String
      if `default` {
        path = StoreLocation.defaultPath(environment: environment)
      } else if let directory {
        path = StoreLocation.absolute(directory, from: cwd)
      } else if storeOptions.store != nil || environment["HOLDER_GIT_STORE"] != nil {
        path = storeOptions.location().path
      } else {
        path = cwd
      }
      let store = try Store.create(at: path) { file in
        Printer.message(
          tr("Added holder-git's lines to the end of your '\(file)'; your own lines are kept"))
      }
      try store.ensureMergeDriver(executable: ExecutablePath.current)
      Printer.message(tr("Made an empty bookmark store in '\(store.root)'"))
    }
  }
}
