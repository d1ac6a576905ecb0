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
  /// `holder-git show BOOKMARK`: prints one bookmark.
  struct Show: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "show",
        abstract: tr("Show every field of a bookmark."),
        discussion: tr(
          """
          A bookmark is named by its id, an unambiguous id prefix, its URL or its file path.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git show https://github.com/swiftlang/swift
              holder-git show 0f8c5a4e
              holder-git show bookmarks/g/github.com/swiftlang-swift-mfrggzdf.json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var name: BookmarkArgument

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      let located = try store.resolve(
        name.bookmark, currentDirectory: FileManager.default.currentDirectoryPath)
      let commit = try store.lastCommit(touching: located.path)
      if output.json {
        Printer.json(ShowJSON.node(of: located, lastCommit: commit))
      } else {
        Printer.details(located)
        if let commit { Printer.lastCommit(commit) }
      }
    }
  }
}
