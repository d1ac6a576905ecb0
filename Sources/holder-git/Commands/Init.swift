import ArgumentParser
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

extension HolderGit {
  /// `holder-git init`: makes a new store.
  struct Init: ParsableCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "init",
        abstract: tr("Make a new bookmark store (a git repository with holder-git's layout)."),
        discussion: tr(
          """
          Without a folder, the store is made where --store or $HOLDER_GIT_STORE point, else in
          the current folder (as 'git init' does). --default makes the store that commands use
          when they find no other: $XDG_DATA_HOME/holder-git or ~/.local/share/holder-git.
          In your home folder, init alone asks first on a terminal and refuses elsewhere.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git init
              holder-git init ~/bookmarks
              holder-git init --default
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

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
      applyQuiet()
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
        try confirmHomeFolder(path, environment: environment)
      }
      let store = try Store.create(at: path) { file in
        Printer.message(
          tr("Added holder-git's lines to the end of your '\(file)'; your own lines are kept"))
      }
      try store.ensureMergeDriver(executable: ExecutablePath.current)
      Printer.message(tr("Made an empty bookmark store in '\(store.root)'"))
    }

    /// `init` alone in the home folder would make it a git repository with every dotfile
    /// untracked, and no command run elsewhere would find it: it asks on a terminal (no unless
    /// told yes) and refuses elsewhere, naming the two commands meant more often.
    private func confirmHomeFolder(_ path: String, environment: [String: String]) throws {
      guard let home = environment["HOME"], !home.isEmpty,
        Self.sameFolder(home, path)
      else { return }
      let refusal = HomeFolderRefusal(path: path)
      guard isatty(STDIN_FILENO) == 1 else { throw refusal }
      Printer.errorLine(
        tr(
          "'\(path)' is your home folder: 'holder-git init' here makes it a git repository, and commands run in other folders will not find the store; 'holder-git init --default' makes the default store instead."
        ))
      try? StandardStream.error.write(tr("Make the store in your home folder all the same? [y/N] "))
      let answer = readLine()?.trimmingSpaces().lowercased() ?? ""
      guard ["y", "yes"].contains(answer) else { throw refusal }
    }

    private static func sameFolder(_ first: String, _ second: String) -> Bool {
      func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
      }
      return resolved(first) == resolved(second)
    }
  }
}

/// `init` in the home folder, not confirmed: nothing was made.
struct HomeFolderRefusal: LocalizedError {
  var path: String

  var errorDescription: String? {
    tr(
      "not making a store in your home folder '\(path)'; run 'holder-git init --default' for the default store, or 'holder-git init PATH' for one in a folder of its own"
    )
  }
}
