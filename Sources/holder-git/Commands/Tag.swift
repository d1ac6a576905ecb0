import ArgumentParser
import Localization

extension HolderGit {
  /// `holder-git tag …`: rename, delete and reorder tags.
  struct Tag: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "tag",
        abstract: tr("Rename, delete or reorder tags."),
        discussion: tr(
          """
          Each change is one commit that names how many bookmarks changed. Tags that differ
          only in case or Unicode normalisation are one tag.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git tag rename ios apple/ios
              holder-git tag delete later
              holder-git tag move reading --before dev
            """,
        subcommands: [TagRename.self, TagDelete.self, TagMove.self])
    }
  }
}
