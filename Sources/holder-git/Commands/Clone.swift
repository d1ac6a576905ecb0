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

extension HolderGit {
  /// `holder-git clone URL [DIR]`: a copy of a store from its remote.
  struct Clone: ParsableCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "clone",
        abstract: tr("Copy a store from a remote and make it ready to sync."),
        discussion: tr(
          """
          The clone gets holder-git's merge driver, so plain 'git pull' merges bookmarks too.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git clone /mnt/usb/bookmarks.git ~/bookmarks
              holder-git clone git://nas.local/bookmarks.git
            """)
    }

    @OptionGroup var quietOption: QuietOption

    @Argument(
      help: ArgumentHelp(
        tr("The remote: a bare repository path, file://, git://, ssh:// or https://.")))
    var url: String

    @Argument(
      help: ArgumentHelp(tr("The folder to make (default: the remote's name without .git).")))
    var directory: String?

    func run() throws {
      applyQuiet()
      let name =
        directory
        ?? String(
          (url.split(separator: "/").last ?? "bookmarks").replacing(".git", with: "")
        )
      let path = StoreLocation.absolute(name, from: FileManager.default.currentDirectoryPath)
      let store = try Store.clone(from: url, to: path)
      try store.ensureMergeDriver(executable: ExecutablePath.current)
      let count = store.list().bookmarks.count
      Printer.message(
        count == 1
          ? tr("Cloned 1 bookmark into '\(store.root)'")
          : tr("Cloned \(count) bookmarks into '\(store.root)'"))
    }
  }
}
