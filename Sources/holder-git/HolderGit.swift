import ArgumentParser
import Localization

/// The `holder-git` command: a thin face on HolderKit.
@main
struct HolderGit: ParsableCommand {
  /// The same in every language: commands as they are typed.
  static let examples = """
      holder-git init
      holder-git add https://ko.wikipedia.org/wiki/서울 --tag 여행 --note "메모"
      holder-git list --tag 여행
      holder-git search 서울 -tag:work
      holder-git show https://ko.wikipedia.org/wiki/서울
      holder-git -C ~/bookmarks log
    """

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "holder-git",
      abstract: tr("A bookmark store that lives in a git repository."),
      discussion: [
        tr(
          """
          Every bookmark is one JSON file under bookmarks/, every change one git commit.
          Tag folders under tags/ link to the files, so 'ls tags/reading/' works.
          """),
        tr("Examples:") + "\n" + examples, LeadingOptions.help,
        tr(
          """
          Exit codes: 0 success, 1 error, 3 already saved, 4 no such bookmark or tag, 5 remote not
          reached (everything committed here), 64 usage error; search exits 1 when nothing
          matches, as grep does.
          """),
      ].joined(separator: "\n\n"),
      version: BuildVersion.line,
      groupedSubcommands: [
        CommandGroup(
          name: tr("Bookmarks"),
          subcommands: [Add.self, Show.self, List.self, Search.self, Remove.self]),
        CommandGroup(
          name: tr("Everyday"),
          subcommands: [
            Edit.self, Fav.self, Unfav.self, Open.self, Tags.self, Tag.self, Serve.self, Token.self,
          ]),
        CommandGroup(name: tr("Pages"), subcommands: [Refresh.self]),
        CommandGroup(
          name: tr("History"),
          subcommands: [Log.self, Diff.self, Restore.self, Undo.self, Redo.self, Conflicts.self]),
        CommandGroup(
          name: tr("Sync"), subcommands: [Sync.self, Status.self, Clone.self, Remote.self]),
        CommandGroup(
          name: tr("Store"),
          subcommands: [
            Init.self, Commit.self, Check.self, Dedupe.self, MergeDriverCommand.self, Pack.self,
          ]),
        CommandGroup(name: tr("Exchange"), subcommands: [Import.self, Export.self]),
      ]
    )
  }
}
