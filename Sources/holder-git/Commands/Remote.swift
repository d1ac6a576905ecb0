import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git remote add|remove|rename|set-url|list`: where sync sends and fetches.
  struct Remote: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "remote",
        abstract: tr("List, add, rename, repoint or remove the remotes sync uses."),
        discussion: tr("Examples:") + "\n"
          + """
            holder-git remote add origin /mnt/usb/bookmarks.git
            holder-git remote list
            holder-git remote set-url origin /media/usb/bookmarks.git
            holder-git remote rename origin usb
            holder-git remote remove usb
          """,
        subcommands: [
          ListRemotes.self, AddRemote.self, RenameRemote.self, SetRemoteURL.self,
          RemoveRemote.self,
        ],
        defaultSubcommand: ListRemotes.self)
    }
  }

  /// `holder-git remote list`.
  struct ListRemotes: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "list", abstract: tr("List the remotes with their URLs."),
        discussion: tr("Examples:") + "\n  holder-git remote list\n  holder-git remote list --json")
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      if output.json {
        Printer.json(ReportJSON.node(ofRemotes: try store.remotes()))
        return
      }
      for remote in try store.remotes() {
        Printer.out(remote.name + "\t" + TerminalText.oneLine(remote.url))
      }
    }
  }

  /// `holder-git remote add NAME URL`.
  struct AddRemote: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "add", abstract: tr("Add a remote."),
        discussion: tr("Examples:")
          + "\n  holder-git remote add origin git://nas.local/bookmarks.git")
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @Argument(help: ArgumentHelp(tr("The remote's name (origin is the default sync uses).")))
    var name: String
    @Argument(
      help: ArgumentHelp(tr("A bare repository path, file://, git://, ssh:// or https:// URL.")))
    var url: String

    func run(_ store: Store) throws {
      let tracked = try store.addRemote(name, url: url)
      Printer.message(tr("Added remote '\(name)'; run 'holder-git sync \(name)'"))
      if tracked {
        Printer.message(
          tr("The current branch tracks '\(name)': plain 'git pull' and 'git push' use it"))
      }
    }
  }

  /// `holder-git remote remove NAME`.
  struct RemoveRemote: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "remove", abstract: tr("Remove a remote (no bookmark is touched)."),
        discussion: tr("Examples:") + "\n  holder-git remote remove backup")
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @Argument(
      help: ArgumentHelp(tr("The remote's name.")), completion: .custom(Completions.remotes))
    var name: String

    func run(_ store: Store) throws {
      try store.removeRemote(name)
      Printer.message(tr("Removed remote '\(name)'"))
    }
  }

  /// `holder-git remote rename OLD NEW`.
  struct RenameRemote: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "rename",
        abstract: tr("Rename a remote; its branches and the branch that tracks it follow."),
        discussion: tr("Examples:") + "\n  holder-git remote rename origin nas")
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @Argument(
      help: ArgumentHelp(tr("The remote's name.")), completion: .custom(Completions.remotes))
    var old: String
    @Argument(help: ArgumentHelp(tr("Its new name."))) var new: String

    func run(_ store: Store) throws {
      let kept = try store.renameRemote(old, to: new)
      Printer.message(tr("Renamed remote '\(old)' to '\(new)'"))
      for refspec in kept {
        Printer.message(
          tr("Left the fetch refspec '\(refspec)' as it was; change it with 'git config --edit'"))
      }
    }
  }

  /// `holder-git remote set-url NAME URL`.
  struct SetRemoteURL: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "set-url", abstract: tr("Point a remote at another URL or path."),
        discussion: tr("Examples:")
          + "\n  holder-git remote set-url origin ssh://nas.local/srv/bookmarks.git")
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @Argument(
      help: ArgumentHelp(tr("The remote's name.")), completion: .custom(Completions.remotes))
    var name: String
    @Argument(
      help: ArgumentHelp(tr("A bare repository path, file://, git://, ssh:// or https:// URL.")))
    var url: String

    func run(_ store: Store) throws {
      try store.setRemoteURL(name, url: url)
      Printer.message(tr("Remote '\(name)' now points at '\(TerminalText.oneLine(url))'"))
    }
  }
}
