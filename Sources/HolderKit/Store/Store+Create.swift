import Git
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension Store {
  /// Makes a new store at `path` (DESIGN §1) and records it in a first commit.
  ///
  /// `path` may be missing, an empty folder, or an existing git work tree
  /// (for instance a fresh clone of an empty remote); a folder that already
  /// holds a store is refused. A `.gitignore` or `.gitattributes` already there keeps every
  /// line of its own and gets holder-git's missing lines at its end, where they win;
  /// `extended` is told each such file.
  public static func create(
    at path: String, environment: StoreEnvironment = .live,
    extended: (_ file: String) -> Void = { _ in }
  ) throws(StoreError) -> Store {
    let manager = FileManager.default
    if manager.fileExists(atPath: path + "/" + Layout.settings) {
      throw .opening(.alreadyAStore(path: path))
    }
    do {
      try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .fileSystem(
        FileSystemError(operation: Message("create folder").english, path: path, code: EACCES))
    }
    let repository = try git { () throws(GitError) -> Repository in
      if manager.fileExists(atPath: path + "/.git") { return try Repository.open(at: path) }
      return try Repository.create(at: path)
    }
    let now = environment.now()
    let settings = StoreSettings(
      formatVersion: StoreSettings.currentFormatVersion, tagOrder: [], tagRenames: [],
      lastModified: now)
    let store = try Store(
      root: repository.workDirectory ?? path, repository: repository, settings: settings,
      environment: environment)
    try store.withTransaction { (transaction) throws(StoreError) in
      var change = Change(
        message: Message("Create bookmark store").english,
        writes: [
          Layout.settings: StoreSettingsCodec.encode(settings),
          Layout.schemaCopy: Array(BookmarkSchema.text.utf8),
        ])
      var extendedFiles: [String] = []
      for (file, lines) in [
        (".gitattributes", Layout.gitAttributes), (".gitignore", Layout.gitIgnore),
      ] {
        let own: [UInt8]?
        do throws(FileSystemError) {
          own = store.rootDirectory.exists(file) ? try store.rootDirectory.readFile(file) : nil
        } catch {
          throw .fileSystem(error)
        }
        guard let own else {
          change.writes[file] = Array(lines.utf8)
          continue
        }
        // Written even when it has every line: a file never committed is the store's now.
        change.writes[file] = own
        if let joined = Layout.appending(lines, to: String(decoding: own, as: UTF8.self)) {
          change.writes[file] = Array(joined.utf8)
          extendedFiles.append(file)
        }
      }
      try transaction.record(change)
      extendedFiles.forEach(extended)
      try git { () throws(GitError) in
        // Bookmark paths share long prefixes, which index version 4 stores once; git keeps
        // the version when it rewrites the index.
        try repository.setIndexVersion(4)
        try repository.setConfig("index.version", to: "4")
      }
      do throws(FileSystemError) {
        _ = try store.rootDirectory.directory(Layout.bookmarks, create: true)
        _ = try store.rootDirectory.directory(Layout.tags, create: true)
        _ = try store.rootDirectory.directory(Layout.local, create: true)
      } catch {
        throw .fileSystem(error)
      }
    }
    return store
  }
}
