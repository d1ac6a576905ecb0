import Foundation
import Git
import HolderCore

extension Store {
  /// Looks for everything that is wrong with the store, changing nothing.
  public func check() throws(StoreError) -> CheckReport {
    CheckReport(findings: try inspection().findings)
  }

  /// Repairs what can be repaired without losing anything, in one commit
  /// (`Repair the store`), and brings the tag views up to date.
  ///
  /// Broken files are never rewritten, and two files with one URL are left for a person to
  /// merge; both stay in `remaining`.
  public func checkAndFix() throws(StoreError) -> CheckReport {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    try checkWritable()
    let before = try inspection()
    var change = Change(message: "")
    var lines: [String] = []
    for repair in before.repairs {
      switch repair {
      case .rewrite(let from, let to, let bookmark):
        if from != to { change.removals.insert(from) }
        change.writes[to] = BookmarkCodec.encode(bookmark)
        lines.append(
          from == to ? "Rewrite '\(from)' in canonical form" : "Move '\(from)' to '\(to)'")
      case .uncommit(let path):
        change.removals.insert(path)
        lines.append("Remove '\(path)' from the commit (tags/ is never committed)")
      }
    }
    if !lines.isEmpty {
      change.message = "Repair the store\n\n" + lines.map { "- " + $0 }.joined(separator: "\n")
      try record(change)
    }
    repairTagViews(try inspection().viewRepairs)
    try recordTagViewsHead()
    let after = try inspection().findings
    let remaining = Set(after.map { "\($0.kind)\u{0}\($0.path)" })
    return CheckReport(
      findings: before.findings,
      fixed: before.findings.filter { !remaining.contains("\($0.kind)\u{0}\($0.path)") },
      remaining: after)
  }
}

/// What `check` found, and the repairs that follow from it.
struct StoreInspection {
  enum Repair {
    /// Write `bookmark` canonically at `to`, removing `from` when it differs.
    case rewrite(from: String, to: String, bookmark: Bookmark)
    /// Take `path` out of the commit: it is under `tags/`.
    case uncommit(path: String)
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

extension Store {
  func inspection() throws(StoreError) -> StoreInspection {
    var result = StoreInspection()
    var problems: [StoreProblem] = []
    let paths = bookmarkFilePaths(problems: &problems)
    for problem in problems {
      result.findings.append(
        CheckFinding(
          kind: .notABookmarkFile, path: problem.path, message: problem.message, isFixable: false))
    }
    var byURL: [String: [String]] = [:]
    var files: [(path: String, bytes: [UInt8], bookmark: Bookmark)] = []
    for path in paths {
      let (folder, name) = split(path)
      guard let bytes = try? rootDirectory.directory(folder).readFile(name) else { continue }
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
            message: "cannot read '\(path)': line \(error.line), column \(error.column): "
              + "\(error.message); fix the file by hand (check never rewrites it)",
            isFixable: false))
      }
    }
    for (url, paths) in byURL where paths.count > 1 {
      result.findings.append(
        CheckFinding(
          kind: .duplicateURL, path: paths.sorted()[0],
          message: "'\(URLNormalizer.readable(url))' is saved twice, in "
            + paths.sorted().map { "'\($0)'" }.joined(separator: " and ")
            + "; merge them by hand and delete one",
          isFixable: false))
    }
    for file in files {
      let expected = BookmarkPath.relativePath(forNormalizedURL: file.bookmark.url)
      let canonical = BookmarkCodec.encode(file.bookmark)
      var target = file.path
      if expected != file.path {
        let free = byURL[file.bookmark.url]?.count == 1 && !rootDirectory.existsFile(expected)
        result.findings.append(
          CheckFinding(
            kind: .wrongPath, path: file.path,
            message: "'\(file.path)' holds '\(URLNormalizer.readable(file.bookmark.url))', whose "
              + "path is '\(expected)'; "
              + (free ? "run 'holder-git check --fix' to move it" : "merge the two by hand"),
            isFixable: free))
        if free { target = expected }
      }
      if canonical != file.bytes {
        result.findings.append(
          CheckFinding(
            kind: .notCanonical, path: file.path,
            message: "'\(file.path)' is not in canonical form; run 'holder-git check --fix' "
              + "to rewrite it",
            isFixable: true))
      }
      if target != file.path || canonical != file.bytes {
        result.repairs.append(.rewrite(from: file.path, to: target, bookmark: file.bookmark))
      }
      result.bookmarks.append(LocatedBookmark(path: target, bookmark: file.bookmark))
    }
    for path in try committedTagPaths() {
      result.findings.append(
        CheckFinding(
          kind: .committedUnderTags, path: path,
          message: "'\(path)' is committed, but tags/ holds only links holder-git makes and "
            + "never commits; run 'holder-git check --fix' to take it out of the commit",
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
    guard let tree = try headTree() else { return [] }
    do {
      guard let top = try repository.entry(atPath: Layout.tags, inTree: tree) else { return [] }
      guard top.kind == .tree else { return [Layout.tags] }
      var paths: [String] = []
      var folders: [(String, ObjectID)] = [(Layout.tags, top.id)]
      while let (folder, id) = folders.popLast() {
        for entry in try repository.treeEntries(id) {
          let path = folder + "/" + entry.name
          if entry.kind == .tree { folders.append((path, entry.id)) } else { paths.append(path) }
        }
      }
      return paths.sorted()
    } catch {
      throw .git(error)
    }
  }

  /// Links under `tags/` that are missing, extra, wrong or leave the store, and non-links.
  private func tagViewFindings(into result: inout StoreInspection) {
    var wanted: [String: String] = [:]
    for located in result.bookmarks {
      for tag in located.bookmark.tags {
        let link = tagLink(tag: tag, bookmarkPath: located.path)
        wanted[link.folder + "/" + link.name] = link.target
      }
    }
    var seen: Set<String> = []
    var folders = [Layout.tags]
    // tags/ itself may be a link (a hostile clone): never look through it.
    if let target = try? rootDirectory.linkTarget(Layout.tags) {
      result.findings.append(linkFinding(Layout.tags, target: target, wanted: nil))
      result.viewRepairs[Layout.tags] = .some(nil)
    }
    while let folder = folders.popLast() {
      guard let directory = try? rootDirectory.directory(folder),
        let entries = try? directory.entries()
      else { continue }
      for entry in entries {
        let path = folder + "/" + entry.name
        switch entry.kind {
        case .directory:
          folders.append(path)
        case .symlink:
          seen.insert(path)
          let target = (try? directory.linkTarget(entry.name)) ?? nil
          if let target, target == wanted[path] { continue }
          if let target, let resolved = Store.resolve(link: path, target: target),
            result.broken.contains(resolved)
          {
            continue
          }
          result.findings.append(linkFinding(path, target: target, wanted: wanted[path]))
          result.viewRepairs[path] = .some(wanted[path])
        case .file, .other:
          result.findings.append(
            CheckFinding(
              kind: .tagViewNotALink, path: path,
              message: "'\(path)' is not a link; tags/ holds only links made by holder-git: "
                + "move the file elsewhere",
              isFixable: false))
        }
      }
    }
    for (path, target) in wanted where !seen.contains(path) {
      result.findings.append(
        CheckFinding(
          kind: .tagViewMissing, path: path,
          message: "the tag view '\(path)' → '\(target)' is missing; run 'holder-git check --fix'",
          isFixable: true))
      result.viewRepairs[path] = .some(target)
    }
  }

  /// Removes the links that should go and makes the ones that are missing or wrong.
  private func repairTagViews(_ repairs: [String: String?]) {
    for (path, target) in repairs.sorted(by: { $0.key < $1.key }) {
      let (folder, name) = split(path)
      if let target {
        try? rootDirectory.directory(folder, create: true).makeSymlink(name, pointingTo: target)
      } else if let directory = try? rootDirectory.directory(folder),
        (try? directory.linkTarget(name)) != nil
      {
        try? directory.removeFile(name)
        removeEmptyFolders(along: folder)
      }
    }
  }

  private func linkFinding(_ path: String, target: String?, wanted: String?) -> CheckFinding {
    let shown = target ?? "?"
    if let target, Store.leavesStore(link: path, target: target) {
      return CheckFinding(
        kind: .tagViewLeavesStore, path: path,
        message: "'\(path)' points outside the store, at '\(shown)'; run 'holder-git check "
          + "--fix' to remove it",
        isFixable: true)
    }
    if wanted != nil {
      return CheckFinding(
        kind: .tagViewWrong, path: path,
        message: "'\(path)' points at '\(shown)', not at its bookmark; run 'holder-git check "
          + "--fix'",
        isFixable: true)
    }
    return CheckFinding(
      kind: .tagViewExtra, path: path,
      message: "'\(path)' is a tag view no bookmark calls for; run 'holder-git check --fix'",
      isFixable: true)
  }

  /// True when the link at the store-relative `link` with `target` resolves outside the store.
  static func leavesStore(link: String, target: String) -> Bool {
    resolve(link: link, target: target) == nil
  }

  /// The store-relative path the link at `link` points at; nil when it leaves the store.
  static func resolve(link: String, target: String) -> String? {
    if target.hasPrefix("/") { return nil }
    var components = link.split(separator: "/").dropLast().map(String.init)
    for component in target.split(separator: "/") {
      switch component {
      case ".": continue
      case "..":
        if components.isEmpty { return nil }
        components.removeLast()
      default: components.append(String(component))
      }
    }
    return components.joined(separator: "/")
  }
}
