internal import CLibGit2
import Glibc

/// An open git repository; the one owner of its libgit2 handle.
///
/// Not `Sendable`: libgit2 wants each object used from one thread at a time, so a repository
/// stays with the code that opened it. Every method is synchronous.
public final class Repository {
  /// The `git_repository *`; freed in `deinit` and nowhere else.
  let pointer: OpaquePointer

  /// Tree comparisons already made (`changes(from:to:under:)`): trees never change, so a
  /// merge that compares its base with each side from four places reads them once.
  var treeDiffs = TreeDiffMemo()

  /// The wall clock in seconds, which decides whether a stamp is old enough to write back
  /// into the index (`statusFromIndex`); tests set it instead of waiting for it.
  var secondsNow: () -> Int = {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec
  }

  private init(pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    git_repository_free(pointer)
  }

  /// Opens the repository whose work tree or git directory is exactly `path`.
  public static func open(at path: String) throws(GitError) -> Repository {
    LibGit2.initialize()
    return try adopt("git_repository_open") { git_repository_open(&$0, path) }
  }

  /// Opens the repository containing `path`, searching upwards like git; nil when there is none.
  public static func discover(from path: String) throws(GitError) -> Repository? {
    LibGit2.initialize()
    do {
      return try adopt("git_repository_open_ext") {
        git_repository_open_ext(&$0, path, 0, nil)
      }
    } catch  where error.code == .notFound {
      return nil
    }
  }

  /// Makes a new repository with a work tree at `path`, creating folders as needed.
  ///
  /// Fails with `.exists` when `path` already holds a repository, rather than re-initialising
  /// it the way `git init` does.
  public static func create(at path: String, initialBranch: String = "main") throws(GitError)
    -> Repository
  {
    try initialize(at: path, bare: false, initialBranch: initialBranch)
  }

  /// Makes a new bare repository (no work tree) at `path`, such as a remote to push to.
  public static func createBare(at path: String) throws(GitError) -> Repository {
    try initialize(at: path, bare: true, initialBranch: "main")
  }

  /// The work tree's absolute path without a trailing slash; nil for a bare repository.
  public var workDirectory: String? {
    git_repository_workdir(pointer).map { Self.trimmingSlash(String(cString: $0)) }
  }

  /// The git directory's absolute path (usually ending in `.git`) without a trailing slash.
  public var gitDirectory: String {
    Self.trimmingSlash(String(cString: git_repository_path(pointer)))
  }

  /// Where HEAD points: an unborn branch, a branch and its commit, or a detached commit.
  public func head() throws(GitError) -> Head {
    let reference = try Handle.make("git_reference_lookup", free: git_reference_free) {
      git_reference_lookup(&$0, pointer, "HEAD")
    }
    return try reference.withPointer { (head) throws(GitError) -> Head in
      guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC else {
        guard let target = ObjectID(git_reference_target(head)) else {
          throw GitError.invalid("HEAD has no target", "git_reference_target")
        }
        return .detached(target)
      }
      let name = String(cString: git_reference_symbolic_target(head))
      guard let target = try resolveReference(name) else {
        return .unborn(reference: name)
      }
      return .branch(reference: name, target: target)
    }
  }

  /// The operation git left in progress (merge, rebase, …), from the files in the git directory.
  public func state() -> RepositoryState {
    switch git_repository_state(pointer) {
    case Int32(GIT_REPOSITORY_STATE_MERGE.rawValue): .merge
    case Int32(GIT_REPOSITORY_STATE_REVERT.rawValue),
      Int32(GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue):
      .revert
    case Int32(GIT_REPOSITORY_STATE_CHERRYPICK.rawValue),
      Int32(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue):
      .cherryPick
    case Int32(GIT_REPOSITORY_STATE_BISECT.rawValue): .bisect
    case Int32(GIT_REPOSITORY_STATE_REBASE.rawValue),
      Int32(GIT_REPOSITORY_STATE_REBASE_INTERACTIVE.rawValue),
      Int32(GIT_REPOSITORY_STATE_REBASE_MERGE.rawValue),
      Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE.rawValue):
      .rebase
    case Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue): .applyMailbox
    default: .none
    }
  }

  private static func initialize(at path: String, bare: Bool, initialBranch: String)
    throws(GitError) -> Repository
  {
    LibGit2.initialize()
    var options = git_repository_init_options()
    try check(
      git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
      "git_repository_init_options_init")
    options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
    if bare {
      options.flags |= GIT_REPOSITORY_INIT_BARE.rawValue
    }
    return try adopt("git_repository_init_ext") { out in
      initialBranch.withCString { branch in
        options.initial_head = branch
        return git_repository_init_ext(&out, path, &options)
      }
    }
  }

  static func adopt(_ function: String, _ open: (inout OpaquePointer?) -> Int32)
    throws(GitError) -> Repository
  {
    var out: OpaquePointer?
    try check(open(&out), function)
    guard let out else {
      throw GitError.invalid("libgit2 returned no repository", function)
    }
    return Repository(pointer: out)
  }

  private static func trimmingSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
