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
  /// `holder-git import FILE`: brings in a browser's or another manager's bookmarks.
  struct Import: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "import",
        abstract: tr(
          "Import bookmarks from a browser's bookmarks.html or holder-git's own export."),
        discussion: tr(
          """
          Reads Netscape bookmark files (what Firefox, Chrome, Edge, Safari, Pinboard and most
          managers export), holder-git's own JSON, JSON Lines and Markdown exports, the
          browsers' own files (Chrome's and its kin's Bookmarks, Firefox's JSON backups,
          .jsonlz4 too, and places.sqlite), Pinboard's, buku's and Omnivore's JSON, Pocket's,
          Raindrop's and Instapaper's CSV, Pocket's HTML and XBEL; the format is found from
          the content when --format is not given, and a file that is none of them is an error
          naming the nearest. Folders become nested tags (the browsers' own folders, such as
          "Bookmarks Toolbar", are left out), TAGS become tags, <DD> the note.

          Importing is idempotent: the same file again changes nothing. A URL already saved is
          merged (tags united, your note kept); a URL you deleted is not brought back unless
          --include-deleted. Browser-internal links (place:, about:, chrome:) are skipped and
          counted. The whole import is one commit: 'holder-git undo' takes it back.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git import ~/Downloads/bookmarks.html --dry-run
              holder-git import bookmarks.html --folder-prefix firefox
              holder-git import backup.jsonl --format jsonl
              holder-git import ~/.config/google-chrome/Default/Bookmarks
              holder-git import --from firefox --profile default-release
              holder-git import pinboard.html --no-folders-as-tags --verbose
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

    @Argument(help: ArgumentHelp(tr("The file to import ('-' reads standard input).")))
    var file: String?

    @Option(
      name: .customLong("from"),
      help: ArgumentHelp(
        tr("Import a browser's own bookmarks, found in its profile, instead of a file."),
        valueName: "browser"))
    var browser: SourceBrowser?

    @Option(
      help: ArgumentHelp(
        tr("The browser profile to import from (its name or folder; the default when not given)."),
        valueName: "name"))
    var profile: String?

    @Option(
      help: ArgumentHelp(
        tr(
          "The file's format, one of \(ImportFormat.names) (found from its content when not given)."
        )
      ))
    var format: ImportFormat?

    @Flag(help: ArgumentHelp(tr("Show what would happen; write nothing.")))
    var dryRun = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(tr("Turn folders into nested tags.")))
    var foldersAsTags = true

    @Option(
      help: ArgumentHelp(tr("Put folder tags under this tag."), valueName: "tag"),
      completion: .custom(Completions.tags))
    var folderPrefix: String?

    @Flag(help: ArgumentHelp(tr("Bring back URLs deleted from the store since.")))
    var includeDeleted = false

    @Flag(help: ArgumentHelp(tr("List every entry with what happened to it.")))
    var verbose = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
      if file != nil && browser != nil {
        throw ValidationError(tr("give a file or --from BROWSER, not both"))
      }
      if file == nil && browser == nil {
        throw ValidationError(
          tr("give the file to import, or --from BROWSER to import a browser's own bookmarks"))
      }
      if profile != nil && browser == nil {
        throw ValidationError(tr("--profile chooses a browser's profile: use it with --from"))
      }
      if let folderPrefix, TagText.tag(folderPrefix) == nil {
        throw ValidationError(
          tr("--folder-prefix '\(folderPrefix)' is not a tag; use a name such as 'firefox'"))
      }
    }

    func run(_ store: Store) throws {
      let input = try readInput()
      let options = ImportOptions(
        format: input.format, dryRun: dryRun,
        folders: FolderOptions(
          foldersAsTags: foldersAsTags, prefix: folderPrefix.flatMap(TagText.tag)),
        includeDeleted: includeDeleted, recordEveryLine: verbose || output.json,
        sourceName: input.name, writeAheadLog: input.writeAheadLog)
      let bytes = input.bytes
      // On a terminal only, and only for an import that lasts more than a second.
      let progress = DelayedProgress(label: dryRun ? tr("Checking") : tr("Importing"))
      let report = try store.importBookmarks(bytes, options: options) { done, total in
        progress.update(done, of: total)
      }
      progress.finish()
      Printer.notes(report.tagNotes)
      if output.json {
        Printer.json(ImportJSON.node(of: report))
      } else {
        ImportText.print(report, verbose: verbose)
      }
    }

    /// What to import: the bytes, their name for the commit, their format when known, and a
    /// `places.sqlite`'s `-wal` file.
    private struct Input {
      var bytes: [UInt8]
      var name: String
      var format: ImportFormat?
      var writeAheadLog: [UInt8]?
    }

    private func readInput() throws -> Input {
      if let browser { return try readBrowser(browser) }
      let file = self.file ?? "-"
      if file == "-" {
        return Input(bytes: try StandardStream.readInput(), name: "standard input", format: format)
      }
      let bytes = try Self.read(file)
      // Firefox keeps its latest changes in the `-wal` file beside its places.sqlite.
      var log: [UInt8]? = nil
      if (format ?? ImportFormat.detect(bytes)) == .firefoxPlaces,
        FileManager.default.fileExists(atPath: file + "-wal")
      {
        log = try Self.read(file + "-wal")
      }
      return Input(
        bytes: bytes, name: URL(fileURLWithPath: file).lastPathComponent, format: format,
        writeAheadLog: log)
    }

    /// The browser's bookmark file, read at once: the browser may write it while we import.
    private func readBrowser(_ browser: SourceBrowser) throws -> Input {
      let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
      let found: BrowserBookmarks
      do {
        found = try BrowserProfiles(home: home).bookmarks(of: browser, profile: profile)
      } catch {
        throw BrowserProfileFailure(message: error.message)
      }
      return Input(
        bytes: try Self.read(found.path),
        name: "\(browser.displayName) (\(found.profile))", format: format ?? found.format,
        writeAheadLog: try found.writeAheadLog.map(Self.read))
    }

    private static func read(_ file: String) throws -> [UInt8] {
      guard FileManager.default.fileExists(atPath: file) else {
        throw ImportInputFailure.noSuchFile(file)
      }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ImportInputFailure.unreadable(file)
      }
      return Array(data)
    }
  }
}

/// `import --from` found no bookmark file: the sentence says what was looked at and what to do.
struct BrowserProfileFailure: Error, LocalizedError {
  var message: String
  var errorDescription: String? { message }
}

extension SourceBrowser: ExpressibleByArgument {}

/// The file given to `import` cannot be read: an error, not a usage mistake.
enum ImportInputFailure: Error, LocalizedError {
  case noSuchFile(String)
  case unreadable(String)

  var errorDescription: String? {
    switch self {
    case .noSuchFile(let path): "no such file: '\(path)'"
    case .unreadable(let path): "cannot read '\(path)'; check its permissions"
    }
  }
}

extension ImportFormat: ExpressibleByArgument {}
