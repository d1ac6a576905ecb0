import Foundation
import Git
import HolderCore
import HolderKit
import Testing

/// What must hold of a store after every operation, whether it succeeded or failed: checked
/// by `StoreFixture` each time an operation lets go of the store's lock.
///
/// - every bookmark file committed at HEAD is canonical and at its URL's path, and no two
///   carry one id (one file per normalised URL follows from the path);
/// - git's index holds HEAD's `bookmarks/` and `.holder/` exactly (nothing half-staged);
/// - the tag views are exact: `holder-git check` finds no missing, extra or wrong link;
/// - `git fsck` finds nothing wrong.
public enum StoreInvariants {
  /// The broken invariants of the store at `root`, in words; empty when all hold.
  public static func problems(at root: String) -> [String] {
    var problems: [String] = []
    do {
      let repository = try Repository.open(at: root)
      problems += try committedBookmarkProblems(repository)
      problems += try indexProblems(root: root)
      let store = try Store.open(at: root)
      // Tag views follow what holder-git saved; a hand edit not taken in yet may differ.
      if try gitLines(["status", "--porcelain", "--", "bookmarks"], in: root).isEmpty {
        problems += try store.check().findings.filter { tagViewKinds.contains($0.kind) }.map {
          "tag view: \($0)"
        }
      }
      do {
        _ = try gitLines(["fsck", "--no-progress", "--no-dangling"], in: root)
      } catch {
        problems.append("git fsck: \(error)")
      }
    } catch {
      problems.append("the store cannot be read: \(error)")
    }
    return problems
  }

  private static let tagViewKinds: Set<CheckFinding.Kind> = [
    .tagViewLeavesStore, .tagViewWrong, .tagViewExtra, .tagViewMissing, .tagViewEdited,
    .tagViewNotALink,
  ]

  /// The environment `environment` with the invariants checked after every operation; a
  /// broken one is recorded as an issue of the running test.
  public static func checking(_ environment: StoreEnvironment) -> StoreEnvironment {
    var checked = environment
    checked.afterWrite = { root in
      for problem in problems(at: root) {
        Issue.record("store invariant broken in \(root): \(problem)")
      }
    }
    checked.importMemoDisagrees = { remembered, read in
      Issue.record("the import memo answered \(remembered), reading the file gave \(read)")
    }
    return checked
  }

  private static func committedBookmarkProblems(_ repository: Repository) throws -> [String] {
    guard case .branch(_, let head) = try repository.head() else { return [] }
    let tree = try repository.commit(head).tree
    var problems: [String] = []
    var seen: [BookmarkID: String] = [:]
    for delta in try repository.changes(from: nil, to: tree, under: "bookmarks") {
      guard let entry = delta.new else { continue }
      let bytes = try repository.blob(entry.id)
      guard let bookmark = try? BookmarkCodec.decode(bytes, file: delta.path) else {
        problems.append("\(delta.path) is committed but is not a bookmark")
        continue
      }
      if BookmarkCodec.encode(bookmark) != bytes {
        problems.append("\(delta.path) is committed but not canonical")
      }
      let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
      if path != delta.path { problems.append("\(delta.path) is committed at \(path)'s URL") }
      if let other = seen[bookmark.id] {
        problems.append("\(delta.path) and \(other) carry one id")
      }
      seen[bookmark.id] = delta.path
    }
    return problems
  }

  /// What `git diff --cached HEAD` lists under the store's committed folders.
  private static func indexProblems(root: String) throws -> [String] {
    try gitLines(
      ["diff", "--cached", "--name-status", "HEAD", "--", "bookmarks", ".holder"], in: root
    )
    .map { "git's index differs from HEAD: \($0)" }
  }

  /// The lines the real `git` prints for `args` in `root`, with no user configuration.
  private static func gitLines(_ args: [String], in root: String) throws -> [String] {
    let result = try runProcess(
      "/usr/bin/git", args, cwd: root,
      env: ["GIT_CONFIG_NOSYSTEM": "1", "HOME": root, "PATH": "/usr/bin:/bin"], stdin: nil)
    guard result.status == 0 else {
      throw ProcessFailure(command: ["git"] + args, status: result.status, stderr: result.stderr)
    }
    return result.stdout.split(separator: "\n").map(String.init)
  }
}
