import Git
import HolderCore
import Localization

/// What `check` found, and the repairs that follow from it.
struct StoreInspection {
  enum Repair {
    /// Write `bookmark` canonically at `to`, removing `from` when it differs; `newID` when
    /// the bookmark was given a fresh id (its old one is another file's).
    case rewrite(from: String, to: String, bookmark: Bookmark, newID: Bool)
    /// Take `path` out of the commit: it is under `tags/`.
    case uncommit(path: String)
    /// Write `bookmark`, the merge of the files at `from` (one URL saved twice), at `to`,
    /// removing the others.
    case merge(from: [String], to: String, bookmark: Bookmark)
    /// Remove `path`, a copy moved away by hand of a bookmark deleted since: nothing typed in
    /// it is lost, and taking it in would bring the deleted bookmark back.
    case removeCopy(path: String)
    /// Write `.holder/store.json` with the current format version.
    case upgradeFormat
  }

  var findings: [CheckFinding] = []
  var repairs: [Repair] = []
  /// Tag view path → the target its link should have; nil when the entry should go.
  var viewRepairs: [String: String?] = [:]
  /// The paths of broken files: links to them are kept, so `ls tags/…` still shows them.
  var broken: Set<String> = []
  /// The readable bookmarks at the paths they should have after the repairs.
  var bookmarks: [LocatedBookmark] = []
}

/// Reading the store for `check`: every bookmark file and what is committed under `tags/`,
/// with the repairs they call for. Reads the work tree and HEAD; changes nothing.
extension StoreChecker {
  /// Everything `check` finds, sorted by kind then path, and the repairs `--fix` would make.
  func inspection() throws(StoreError) -> StoreInspection {
    var result = StoreInspection()
    var problems: [StoreProblem] = []
    let paths = store.reader.bookmarkFilePaths(problems: &problems)
    for problem in problems {
      result.findings.append(
        CheckFinding(
          kind: .notABookmarkFile, path: problem.path, message: problem.message, isFixable: false))
    }
    var byURL: [String: [String]] = [:]
    var files: [(path: String, bytes: [UInt8], bookmark: Bookmark)] = []
    for path in paths {
      guard let bytes = store.rootDirectory.readFile(atStorePath: path) else { continue }
      do {
        var bookmark = try BookmarkCodec.decode(bytes, file: path)
        if let url = try? URLNormalizer.normalize(bookmark.url, allowingUnsafeSchemes: true) {
          bookmark.url = url
        }
        files.append((path, bytes, bookmark))
        byURL[bookmark.url, default: []].append(path)
      } catch {
        result.broken.insert(path)
        result.findings.append(
          CheckFinding(
            kind: .brokenFile, path: path,
            message: Message(
              "cannot read '\(path)': line \(error.line), column \(error.column): \(error.message); fix the file by hand (check never rewrites it)"
            ).english,
            isFixable: false))
      }
    }
    let merged = mergeFindings(files: files, byURL: byURL, into: &result)
    formatFinding(into: &result)
    let renumbered = idFindings(files: files.filter { !merged.contains($0.path) }, into: &result)
    for file in files where !merged.contains(file.path) {
      let expected = BookmarkPath.relativePath(forNormalizedURL: file.bookmark.url)
      let canonical = BookmarkCodec.encode(file.bookmark)
      let bookmark = renumbered[file.path] ?? file.bookmark
      var target = file.path
      if expected != file.path {
        let free = byURL[file.bookmark.url]?.count == 1 && !store.rootDirectory.existsFile(expected)
        let url = URLNormalizer.readable(file.bookmark.url)
        if free, store.handEditIntake.isStaleCopy(file.bookmark, at: file.path, of: expected) {
          // The same rule as a hand edit's: moving it back would undo the deletion.
          let message = Message(
            "'\(file.path)' holds an older version of '\(url)', deleted since from '\(expected)'; run 'holder-git check --fix' to remove it (nothing typed in it is lost)"
          )
          result.findings.append(
            CheckFinding(
              kind: .wrongPath, path: file.path, message: message.english, isFixable: true))
          result.repairs.append(.removeCopy(path: file.path))
          continue
        }
        let message =
          free
          ? Message(
            "'\(file.path)' holds '\(url)', whose path is '\(expected)'; run 'holder-git check --fix' to move it"
          )
          : Message(
            "'\(file.path)' holds '\(url)', whose path is '\(expected)'; merge the two by hand")
        result.findings.append(
          CheckFinding(
            kind: .wrongPath, path: file.path, message: message.english, isFixable: free))
        if free { target = expected }
      }
      if canonical != file.bytes {
        result.findings.append(
          CheckFinding(
            kind: .notCanonical, path: file.path,
            message: Self.notCanonical(file.path, bytes: file.bytes),
            isFixable: true,
            repairNotes: TagEditor.tagSpellingNotes(in: file.bytes, path: file.path)))
      }
      if target != file.path || canonical != file.bytes || bookmark != file.bookmark {
        result.repairs.append(
          .rewrite(
            from: file.path, to: target, bookmark: bookmark,
            newID: bookmark.id != file.bookmark.id))
      }
      result.bookmarks.append(LocatedBookmark(path: target, bookmark: bookmark))
    }
    for path in try committedTagPaths() {
      result.findings.append(
        CheckFinding(
          kind: .committedUnderTags, path: path,
          message: Message(
            "'\(path)' is committed, but tags/ holds only links holder-git makes and never commits; run 'holder-git check --fix' to take it out of the commit"
          ).english,
          isFixable: true))
      result.repairs.append(.uncommit(path: path))
    }
    // Views are checked against where the files will be, so a misplaced file is one finding.
    tagViewFindings(into: &result)
    let order = Dictionary(
      uniqueKeysWithValues: CheckFinding.Kind.allCases.enumerated().map { ($1, $0) })
    result.findings.sort {
      order[$0.kind] ?? 0 != order[$1.kind] ?? 0
        ? order[$0.kind] ?? 0 < order[$1.kind] ?? 0 : $0.path < $1.path
    }
    return result
  }

  /// Every path committed under `tags/` at HEAD.
  private func committedTagPaths() throws(StoreError) -> [String] {
    guard let tree = try store.commitReader.headTree() else { return [] }
    return try git { () throws(GitError) -> [String] in
      guard let top = try store.repository.entry(atPath: Layout.tags, inTree: tree) else {
        return []
      }
      guard top.kind == .tree else { return [Layout.tags] }
      var paths: [String] = []
      var folders: [(String, ObjectID)] = [(Layout.tags, top.id)]
      while let (folder, id) = folders.popLast() {
        for entry in try store.repository.treeEntries(id) {
          let path = folder + "/" + entry.name
          if entry.kind == .tree { folders.append((path, entry.id)) } else { paths.append(path) }
        }
      }
      return paths.sorted()
    }
  }

  /// The finding for a file not in canonical form, with what rewriting does to its tags.
  static func notCanonical(_ path: String, bytes: [UInt8]) -> String {
    let notes = TagEditor.tagSpellingNotes(in: bytes, path: path)
    guard !notes.isEmpty else {
      return Message(
        "'\(path)' is not in canonical form; run 'holder-git check --fix' to rewrite it"
      ).english
    }
    let joined = notes.joined(separator: "; ")
    return Message(
      "'\(path)' is not in canonical form; run 'holder-git check --fix' to rewrite it: \(joined)"
    ).english
  }
}
