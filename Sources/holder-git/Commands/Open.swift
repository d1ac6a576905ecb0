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
  /// `holder-git open BOOKMARK`: opens the link in a browser.
  struct Open: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "open",
        abstract: tr("Open a bookmark's link in your browser."),
        discussion: tr(
          """
          The browser is $BROWSER (a list separated by ':' is tried in order), else xdg-open,
          else open. Only http, https, ftp, mailto and file links are opened; a javascript: or
          data: link never is.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git open https://github.com/swiftlang/swift
              holder-git open 0f8c5a4e
              BROWSER=firefox holder-git open 0f8c5a4e
            """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var name: BookmarkArgument

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      let located = try store.urlToOpen(
        name.bookmark, currentDirectory: FileManager.default.currentDirectoryPath)
      try Browser.open(located.bookmark.url)
      Printer.message(tr("Opened \"\(TerminalText.oneLine(located.bookmark.title))\""))
    }
  }
}
