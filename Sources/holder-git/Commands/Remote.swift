import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git remote add|remove|list`: where sync sends and fetches.
  struct Remote: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "remote",
        abstract: tr("List, add or remove the remotes sync uses."),
        discussion: tr("Examples:") + "\n"
          + """
            holder-git remote add origin /mnt/usb/bookmarks.git
            holder-git remote list
            holder-git remote remove origin
          """,
        subcommands: [ListRemotes.self, AddRemote.self, RemoveRemote.self],
        defaultSubcommand: ListRemotes.self)
    }
  }

  /// `holder-git remote list`.
  struct ListRemotes: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "list", abstract: tr("List the remotes with their URLs."),
        discussion: tr("Examples:") + "\n  holder-git remote list")
    }

    @OptionGroup var storeOptions: StoreOptions

    func run(_ store: Store) throws {
      for remote in try store.remotes() {
        Printer.out(remote.name + "\t" + TerminalText.oneLine(remote.url))
      }
    }
  }

  /// `holder-git remote add NAME URL`.
  struct AddRemote: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "add", abstract: tr("Add a remote."),
        discussion: tr("Examples:")
          + "\n  holder-git remote add origin git://nas.local/bookmarks.git")
    }

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: ArgumentHelp(tr("The remote's name (origin is the default sync uses).")))
    var name: String
    @Argument(
      help: ArgumentHelp(tr("A bare repository path, file://, git://, ssh:// or https:// URL.")))
    var url: String

    func run(_ store: Store) throws {
      try store.addRemote(name, url: url)
      Printer.message(tr("Added remote '\(name)'; run 'holder-git sync \(name)'"))
    }
  }

  /// `holder-git remote remove NAME`.
  struct RemoveRemote: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "remove", abstract: tr("Remove a remote (no bookmark is touched)."),
        discussion: tr("Examples:") + "\n  holder-git remote remove backup")
    }

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: ArgumentHelp(tr("The remote's name."))) var name: String

    func run(_ store: Store) throws {
      try store.removeRemote(name)
      Printer.message(tr("Removed remote '\(name)'"))
    }
  }
}
