import HolderCore
import Localization

/// What `check` finds wrong under `tags/`: links that are missing, extra, wrong or leave the
/// store, and entries that are not links (reported, never removed), each with the repair
/// `check --fix` hands to `TagViews.repair`.
extension StoreChecker {
  /// Links under `tags/` that are missing, extra, wrong or leave the store, and non-links.
  func tagViewFindings(into result: inout StoreInspection) {
    var wanted: [String: String] = [:]
    for located in result.bookmarks {
      for tag in located.bookmark.tags {
        let link = TagViews.link(tag: tag, bookmarkPath: located.path)
        wanted[link.folder + "/" + link.name] = link.target
      }
    }
    var seen: Set<String> = []
    // Which files stand for edits is asked (a second walk of tags/) only once one is found.
    var tagFiles: (edits: [String: String], problems: [String: String])?
    func tagFileKinds() -> (edits: [String: String], problems: [String: String]) {
      if let tagFiles { return tagFiles }
      let found = store.tagViewUpkeep.tagFileEdits()
      let kinds = (
        edits: Dictionary(
          found.edits.map { ($0.tagPath, $0.bookmarkPath) }, uniquingKeysWith: { a, _ in a }),
        problems: Dictionary(
          found.problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
      )
      tagFiles = kinds
      return kinds
    }
    // tags/ itself may be a link (a hostile clone): never look through it.
    if let target = try? store.rootDirectory.linkTarget(Layout.tags) {
      result.findings.append(linkFinding(Layout.tags, target: target, wanted: nil))
      result.viewRepairs[Layout.tags] = .some(nil)
    }
    store.tagViews.forEachEntry { path, directory, entry in
      switch entry.kind {
      case .directory:
        break
      case .symlink:
        seen.insert(path)
        let target = (try? directory.linkTarget(entry.name)) ?? nil
        if let target, target == wanted[path] { return }
        if let target, let resolved = TagViews.resolve(link: path, target: target),
          result.broken.contains(resolved)
        {
          return
        }
        result.findings.append(linkFinding(path, target: target, wanted: wanted[path]))
        result.viewRepairs[path] = .some(wanted[path])
      case .file, .other:
        // Never replaced by a link: whatever it holds stays until a person moves it.
        seen.insert(path)
        let (edited, editedTwice) = tagFileKinds()
        if let bookmark = edited[path] {
          result.findings.append(
            CheckFinding(
              kind: .tagViewEdited, path: path,
              message: Message(
                "'\(path)' is an edit of '\(bookmark)' saved in place of its tag view; 'holder-git commit' takes it in and puts the link back ('holder-git check --fix' moves it into '\(bookmark)')"
              ).english,
              isFixable: true))
        } else if let why = editedTwice[path] {
          result.findings.append(
            CheckFinding(kind: .tagViewEdited, path: path, message: why, isFixable: false))
        } else {
          result.findings.append(
            CheckFinding(
              kind: .tagViewNotALink, path: path, message: TagViews.notALink(path), isFixable: false
            ))
        }
      }
    }
    for (path, target) in wanted where !seen.contains(path) {
      // A name longer than a folder or file name can be is never made: say why, not "missing".
      if let long = path.split(separator: "/").map(\.utf8.count)
        .first(where: { $0 > TagPath.maximumSegmentBytes })
      {
        result.findings.append(
          CheckFinding(
            kind: .tagViewMissing, path: path,
            message: Message(
              "the tag view '\(path)' cannot be made: a segment is \(long) bytes in UTF-8, over the \(TagPath.maximumSegmentBytes) a folder name can hold; give the tag a shorter name with 'holder-git tag rename'"
            ).english,
            isFixable: false))
        continue
      }
      result.findings.append(
        CheckFinding(
          kind: .tagViewMissing, path: path,
          message: Message(
            "the tag view '\(path)' → '\(target)' is missing; run 'holder-git check --fix'"
          ).english,
          isFixable: true))
      result.viewRepairs[path] = .some(target)
    }
  }

  private func linkFinding(_ path: String, target: String?, wanted: String?) -> CheckFinding {
    let shown = target ?? "?"
    if let target, TagViews.leavesStore(link: path, target: target) {
      return CheckFinding(
        kind: .tagViewLeavesStore, path: path,
        message: Message(
          "'\(path)' points outside the store, at '\(shown)'; run 'holder-git check --fix' to remove it"
        ).english,
        isFixable: true)
    }
    if wanted != nil {
      return CheckFinding(
        kind: .tagViewWrong, path: path,
        message: Message(
          "'\(path)' points at '\(shown)', not at its bookmark; run 'holder-git check --fix'"
        ).english,
        isFixable: true)
    }
    return CheckFinding(
      kind: .tagViewExtra, path: path,
      message: Message(
        "'\(path)' is a tag view no bookmark calls for; run 'holder-git check --fix'"
      ).english,
      isFixable: true)
  }
}
