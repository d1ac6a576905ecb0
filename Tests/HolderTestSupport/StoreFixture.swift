import Foundation
import HolderCore
import HolderKit

/// A new store in a scratch directory, made with a deterministic clock and ids, plus the real
/// `git` to look at it with.
public final class StoreFixture {
  /// The fixed start of the deterministic clock: 2026-11-21T09:14:03.120Z.
  public static let start = Timestamp(millisecondsSince1970: 1_763_716_443_120)

  /// The scratch directory and the real `git`.
  public let git: GitFixture
  /// The store under test.
  public let store: Store

  /// The store's work tree.
  public var root: String { store.root }

  /// Whether every operation on the fixture's stores is followed by `StoreInvariants`.
  public let checksInvariants: Bool

  /// Makes an empty store at `<scratch>/store`; unless `checksInvariants` is false (a test
  /// that breaks them on purpose), every operation on it is followed by `StoreInvariants`.
  public init(
    environment: StoreEnvironment = .deterministic(start: StoreFixture.start),
    checksInvariants: Bool = true
  ) throws {
    git = try GitFixture()
    self.checksInvariants = checksInvariants
    store = try Store.create(
      at: git.path("store"),
      environment: checksInvariants ? StoreInvariants.checking(environment) : environment)
  }

  /// Runs the real `git` in the store.
  @discardableResult
  public func runGit(_ args: String...) throws -> String {
    try git.runGit(args, in: root)
  }

  /// The text of a store-relative file.
  public func read(_ relative: String) throws -> String {
    try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
  }

  /// The bytes of a store-relative file.
  public func bytes(_ relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
  }

  /// Writes a store-relative file, as a person with an editor would.
  public func write(_ text: String, to relative: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// `git status --porcelain` (empty when the work tree and index match HEAD).
  public func status() throws -> String {
    try runGit("status", "--porcelain")
  }

  /// Runs `git fsck --strict`; throws when git finds anything wrong.
  public func fsck() throws {
    try runGit("fsck", "--strict", "--no-progress")
  }

  /// The subjects of the commits on HEAD, newest first.
  public func subjects() throws -> [String] {
    try runGit("log", "--format=%s").split(separator: "\n").map(String.init)
  }

  /// The paths the commit at HEAD changed.
  public func changedPaths(_ revision: String = "HEAD") throws -> [String] {
    try runGit("show", "--name-only", "--format=", revision).split(separator: "\n").map(
      String.init)
  }

  /// Adds a bookmark with the given URL and tags through the library.
  @discardableResult
  public func add(_ url: String, title: String? = nil, tags: [String] = [], note: String? = nil)
    throws -> LocatedBookmark
  {
    switch try store.add(AddRequest(url: url, title: title, tags: tags, note: note)) {
    case .added(let located), .updated(let located), .unchanged(let located):
      return located
    }
  }

  /// Makes `<scratch>/remote.git`, a bare copy of this store, and adds it as `origin`.
  @discardableResult
  public func addBareRemote() throws -> String {
    let remote = git.path("remote.git")
    try git.runGit(["clone", "-q", "--bare", root, remote], in: git.root)
    try runGit("remote", "add", "origin", remote)
    return remote
  }

  /// Clones `origin` into `<scratch>/<name>` as a second machine whose clock starts at `start`.
  public func cloneStore(_ name: String, start: Timestamp) throws -> Store {
    let environment = StoreEnvironment.deterministic(
      start: start, firstID: StoreFixture.firstID(of: name))
    return try Store.clone(
      from: git.path("remote.git"), to: git.path(name),
      environment: checksInvariants ? StoreInvariants.checking(environment) : environment)
  }

  /// Where a clone's ids start: its own range, derived from its name (reproducible), so
  /// bookmarks added on two machines never share an id by accident.
  public static func firstID(of name: String) -> Int64 {
    let hash = name.utf8.reduce(Int64(17)) { ($0 &* 31 &+ Int64($1)) & 0xFFFF }
    return (hash + 1) << 16
  }
}
