import ArgumentParser

/// The `holder-git` command: a thin face on HolderKit.
@main
struct HolderGit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "holder-git",
    abstract: "A bookmark store that lives in a git repository.",
    discussion: """
      Every bookmark is one JSON file under bookmarks/, every change one git commit.
      Tag folders under tags/ link to the files, so 'ls tags/reading/' works.

      Examples:
        holder-git init
        holder-git add https://ko.wikipedia.org/wiki/서울 --tag 여행 --note "메모"
        holder-git list --tag 여행
        holder-git search 서울 -tag:work
        holder-git show https://ko.wikipedia.org/wiki/서울
        holder-git -C ~/bookmarks log

      \(LeadingOptions.help)

      Exit codes: 0 success, 1 error, 3 already saved, 4 no such bookmark or tag, 5 remote not
      reached (everything committed here), 64 usage error.
      """,
    version: "0.1.0",
    groupedSubcommands: [
      CommandGroup(
        name: "Bookmarks", subcommands: [Add.self, Show.self, List.self, Search.self, Remove.self]),
      CommandGroup(
        name: "Everyday",
        subcommands: [Edit.self, Fav.self, Unfav.self, Open.self, Tags.self, Tag.self, Serve.self]),
      CommandGroup(name: "Pages", subcommands: [Refresh.self]),
      CommandGroup(
        name: "History",
        subcommands: [Log.self, Diff.self, Restore.self, Undo.self, Redo.self, Conflicts.self]),
      CommandGroup(name: "Sync", subcommands: [Sync.self, Status.self, Clone.self, Remote.self]),
      CommandGroup(
        name: "Store",
        subcommands: [
          Init.self, Commit.self, Check.self, Dedupe.self, MergeDriverCommand.self, Pack.self,
        ]),
      CommandGroup(name: "Exchange", subcommands: [Import.self, Export.self]),
    ]
  )
}
