import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A bookmark store: a git work tree with one JSON file per bookmark (DESIGN §1).
///
/// Reading works on any store; writing takes the lock, refuses a store of a
/// newer format, a detached HEAD or a merge in progress, and makes exactly
/// one commit per change.
public final class Store {
  /// The absolute path of the work tree.
  public let root: String
  /// Settings read from `.holder/store.json` when the store was opened.
  public internal(set) var settings: StoreSettings
  /// The absolute path of the repository's `.git` folder, ending in `/`.
  public let gitDirectory: String
  private let lazyRepository: LazyRepository
  /// The plain `.git` read without libgit2, nil when it is not plain.
  let plainGit: PlainGitDirectory?
  let environment: StoreEnvironment
  let rootDirectory: SafeDirectory
  /// The commit path's journal state, kept between its uses.
  let commitState = Committer.State()
  /// The `tags/` folder and its marker.
  let tagViews: TagViews
  /// Each bookmark's history, from its cache.
  private(set) lazy var historyLog = HistoryLog(
    repository: lazyRepository, root: rootDirectory,
    head: { [unowned self] () throws(StoreError) in try self.commitReader.currentHead() })
  /// The name the `Device:` trailer gives instead of the environment's, while
  /// `writing(asDevice:_:)` runs.
  var deviceOverride: String?
  /// The holder-git binary to start as the background packer when a write leaves too many
  /// loose objects (`Packer+Background.swift`); nil (library use, tests): never.
  public var backgroundPacker: String?
  /// The search index of the work tree's bookmarks, and its file.
  private(set) lazy var bookmarkIndexes = BookmarkIndexStore(
    root: root, rootDirectory: rootDirectory, repository: lazyRepository,
    head: { [unowned self] in try? self.commitReader.currentHead() })
  /// Where `bookmarkIndex()` keeps its state between calls, for a long-lived program (nil: the
  /// cache file under `.holder/local/` alone).
  public var bookmarkIndexMemo: BookmarkIndexMemo? {
    get { bookmarkIndexes.memo }
    set { bookmarkIndexes.memo = newValue }
  }

  /// Every bookmark of the work tree, from the search index brought up to date with what
  /// changed since it was written (see `BookmarkIndexStore.current`).
  public func bookmarkIndex() -> BookmarkIndex {
    bookmarkIndexes.current()
  }

  /// Sync, remotes and merges (`SyncEngine`).
  var syncEngine: SyncEngine { SyncEngine(store: self) }

  /// The commit path under every transaction (`Committer`).
  var committer: Committer { Committer(store: self) }

  /// Packing loose objects (`Packer`).
  var packer: Packer { Packer(store: self) }

  /// Hand edits taken in (`HandEditIntake`).
  var handEditIntake: HandEditIntake { HandEditIntake(store: self) }
  /// The upkeep of the `tags/` views against HEAD and the work tree (`TagViewUpkeep`).
  var tagViewUpkeep: TagViewUpkeep { TagViewUpkeep(store: self) }
  /// `check` and `check --fix` (`StoreChecker`).
  var checker: StoreChecker { StoreChecker(store: self) }
  /// The gate every incoming tree passes, and the work tree's folders that must not be links
  /// (`IncomingTreeGate`).
  var incomingTreeGate: IncomingTreeGate { IncomingTreeGate(store: self) }

  /// Log, diff, conflicts, restore, undo (`StoreHistory`).
  var storeHistory: StoreHistory { StoreHistory(store: self) }
  /// Tags across the store (`TagEditor`).
  var tagEditor: TagEditor { TagEditor(store: self) }
  /// Saving, changing and removing bookmarks (`BookmarkEditor`).
  var bookmarkEditor: BookmarkEditor { BookmarkEditor(store: self) }
  /// The recent searches (`RecentSearches`).
  var recentSearchList: RecentSearches { RecentSearches(store: self) }
  /// Import (`Importer`).
  var importer: Importer { Importer(store: self) }
  /// Export (`Exporter`).
  var exporter: Exporter { Exporter(store: self) }
  /// Pages fetched for bookmarks (`PageRefresher`).
  var pageRefresher: PageRefresher { PageRefresher(store: self) }
  /// Duplicates found and merged (`Deduplicator`).
  var deduplicator: Deduplicator { Deduplicator(store: self) }

  /// Bookmarks read from the work tree (`BookmarkReader`).
  var reader: BookmarkReader { BookmarkReader(store: self) }
  /// What HEAD and other commits hold (`CommitReader`).
  var commitReader: CommitReader { CommitReader(store: self) }

  /// libgit2 opens the repository when first asked for it; a command that reads only
  /// what the index knows never does.
  var repository: Repository { lazyRepository.repository }

  convenience init(
    root: String, repository: Repository, settings: StoreSettings,
    environment: StoreEnvironment
  ) throws(StoreError) {
    try self.init(
      root: root, gitDirectory: repository.gitDirectory,
      repository: LazyRepository(repository, root: root), plainGit: nil, settings: settings,
      environment: environment)
  }

  private init(
    root: String, gitDirectory: String, repository: LazyRepository,
    plainGit: PlainGitDirectory?, settings: StoreSettings, environment: StoreEnvironment
  ) throws(StoreError) {
    self.root = root
    self.gitDirectory = gitDirectory
    lazyRepository = repository
    self.plainGit = plainGit
    self.settings = settings
    self.environment = environment
    do {
      rootDirectory = try SafeDirectory(path: root)
    } catch {
      throw .fileSystem(error)
    }
    tagViews = TagViews(root: rootDirectory)
  }

  /// Opens the store whose work tree is at `path`.
  public static func open(at path: String, environment: StoreEnvironment = .live)
    throws(StoreError) -> Store
  {
    let settingsPath = path + "/" + Layout.settings
    guard FileManager.default.fileExists(atPath: settingsPath) else {
      throw .opening(.notAStore(path: path))
    }
    let plain = PlainGitDirectory(workTree: path)
    let repository: LazyRepository
    let root: String
    if plain != nil {
      repository = LazyRepository(root: path)
      root = path
    } else {
      do {
        let opened = try Repository.open(at: path)
        root = opened.workDirectory ?? path
        repository = LazyRepository(opened, root: root)
      } catch {
        if error.code == .notFound { throw .opening(.notAStore(path: path)) }
        if error.code == .notOwned { throw .opening(.unsafeDirectory(path: path)) }
        throw .git(error)
      }
    }
    let directory: SafeDirectory
    let bytes: [UInt8]
    do {
      directory = try SafeDirectory(path: root).directory(Layout.holder)
      bytes = try directory.readFile("store.json")
    } catch {
      throw .fileSystem(error)
    }
    let settings: StoreSettings
    do {
      settings = try StoreSettingsCodec.decode(bytes, file: Layout.settings)
    } catch {
      throw .bookmark(.brokenSettings(error))
    }
    return try Store(
      root: root, gitDirectory: plain?.path ?? repository.repository.gitDirectory,
      repository: repository, plainGit: plain, settings: settings, environment: environment)
  }

  /// True when this holder-git may change the store (its format is not newer than ours).
  public var isWritable: Bool {
    settings.formatVersion <= StoreSettings.currentFormatVersion
  }

  /// Takes the lock between holder-git processes for as long as the returned value lives.
  public func lock(timeout: Double = 30) throws(StoreError) -> StoreLock {
    let root = root
    return try StoreLock(
      gitDirectory: gitDirectory, timeout: timeout,
      beforeRelease: { [weak self] in self?.committer.releaseJournal() },
      onRelease: environment.afterWrite.map { hook in { hook(root) } })
  }

  /// Throws unless a change may be committed now: writable format, on a branch, no merge.
  ///
  /// `repairingTagViews`: `check --fix`, which replaces a `tags` link with the folder.
  func checkWritable(repairingTagViews: Bool = false) throws(StoreError) {
    guard isWritable else {
      throw .opening(
        .newerFormat(
          found: settings.formatVersion, supported: StoreSettings.currentFormatVersion))
    }
    let state = repository.state()
    guard state == .none else { throw .write(.operationInProgress(state)) }
    if case .detached = try commitReader.head() {
      throw .write(.detachedHead)
    }
    try incomingTreeGate.checkNoLinkedFolders(except: repairingTagViews ? [Layout.tags] : [])
  }
}
