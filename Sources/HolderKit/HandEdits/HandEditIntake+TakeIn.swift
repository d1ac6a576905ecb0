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

/// Taking in hand edits (DESIGN §4): files under `bookmarks/` and `.holder/store.json` that a
/// person changed outside holder-git. Reads the work tree and HEAD, commits the edits it
/// accepts, and updates their tag views; files it refuses are reported and left untouched.
extension HandEditIntake {
  /// `commitHandEdits` within a transaction under way (sync's); `command` is what the
  /// mass-delete refusal tells the person to run again.
  func takeInHandEdits(allowMassDelete: Bool, command: String, in transaction: Transaction)
    throws(StoreError) -> HandEditOutcome
  {
    // Edits saved in place of a tag view's link become edits of the bookmark's own file.
    let tagFileProblems = try store.tagViewUpkeep.takeInTagFileEdits()
    let entries = try git { () throws(GitError) in
      try store.repository.statusFromIndex(
        of: [Layout.bookmarks, Layout.settings], fillingCacheTree: true)
    }
    var outcome = HandEditOutcome()
    outcome.problems = tagFileProblems
    var change = Change(message: "")
    var oldTags: [String: [String]] = [:]
    var readTags: [String: [String]] = [:]
    let headTree = try store.commitReader.headTree()
    var intake = HandEditScan()
    // Paths of an operation the lock's holder has under way are never hand edits.
    let underWay = store.committer.interruptedOperationPaths()
    for entry in entries.sorted(by: { $0.path < $1.path }) where !underWay.contains(entry.path) {
      let path = entry.path
      if path == Layout.settings {
        try takeInSettings(into: &change, outcome: &outcome)
        continue
      }
      guard path.hasPrefix(Layout.bookmarks + "/") else { continue }
      let name = path.folderAndName.name
      // A temporary file left by an interrupted write is not an edit.
      if name.hasPrefix(".") { continue }
      guard name.hasSuffix(".json") else {
        outcome.problems.append(
          StoreProblem(
            path: path,
            message: Message(
              "'\(path)' is not a bookmark file (no .json ending); move it out of bookmarks/"
            ).english))
        continue
      }
      let previous = try store.commitReader.committedBookmark(at: path, in: headTree)
      if let previous { oldTags[path] = previous.tags }
      guard store.rootDirectory.existsFile(path) else {
        if previous != nil || entry.inIndex != nil {
          intake.gone.append(HandEditScan.Gone(path: path, previous: previous))
        }
        continue
      }
      let current: Bookmark
      do {
        current = try store.bookmark(atPath: path)
      } catch {
        outcome.problems.append(
          StoreProblem(path: path, message: error.errorDescription ?? "\(error)"))
        let bytes = try? store.rootDirectory.directory(path.folderAndName.folder).readFile(name)
        intake.refuse(path, bytes: bytes, committedID: previous?.id)
        // Not taken in: its links stay as HEAD's version has them (as a rebuild keeps the
        // links of a file that does not read), so that the file mended is in its tags again.
        oldTags[path] = nil
        continue
      }
      // The views a read made of the file follow its tags as written, before they are
      // spelled as the store spells them.
      readTags[path] = current.tags
      do {
        let edited = try normalizedHandEdit(current)
        intake.files.append(HandEditScan.File(path: path, previous: previous, bookmark: edited))
      } catch {
        outcome.problems.append(
          StoreProblem(
            path: path,
            message: Message("cannot take in '\(path)': \(error.errorDescription ?? "")").english))
        if previous?.id != current.id { intake.refuse(path, id: current.id) }
        oldTags[path] = nil
      }
    }
    settle(intake, into: &change, outcome: &outcome)
    // A file moved by hand may have had tag views made where it was moved to (a read brings
    // them up to date); they go when it is put back.
    for file in intake.files where oldTags[file.path] == nil {
      if change.removals.contains(file.path) {
        oldTags[file.path] = Array(Set(file.bookmark.tags + (readTags[file.path] ?? [])))
      }
    }
    // A copy to remove is work too, though nothing is committed for it.
    guard !outcome.isEmpty || !change.removals.isEmpty else { return outcome }
    let deleted = outcome.deleted.count
    if !allowMassDelete, deleted >= SyncEngine.massDeleteMinimum, let headTree {
      let total = try store.syncEngine.countBookmarks(inTree: headTree, upTo: deleted * 5)
      if SyncEngine.isMassDelete(deleted, of: total) {
        throw .write(.massHandDeletion(missing: deleted, total: total, command: command))
      }
    }
    change.message = handEditMessage(outcome)
    change.tagsBefore = oldTags
    if try transaction.record(change) == nil {
      // A file moved by hand and put back leaves HEAD's tree as it was; git's index, where
      // `git mv` staged the move, took HEAD's entries again.
      outcome.movedBack = outcome.edited
      outcome.edited = []
    }
    return outcome
  }

  /// The hand-edited bookmark with its URL normalised and its tags checked.
  func normalizedHandEdit(_ bookmark: Bookmark) throws(StoreError) -> Bookmark {
    var edited = bookmark
    edited.url = try store.bookmarkEditor.normalizedURL(
      bookmark.url, allowingUnsafeSchemes: true, typed: false)
    edited.tags = try store.bookmarkEditor.validatedTags(bookmark.tags)
    return edited
  }

  private func takeInSettings(into change: inout Change, outcome: inout HandEditOutcome)
    throws(StoreError)
  {
    let bytes: [UInt8]
    do {
      bytes = try store.rootDirectory.directory(Layout.holder).readFile("store.json")
    } catch {
      outcome.problems.append(
        StoreProblem(path: Layout.settings, message: error.errorDescription ?? ""))
      return
    }
    do {
      let edited = try StoreSettingsCodec.decode(bytes, file: Layout.settings)
      change.writes[Layout.settings] = StoreSettingsCodec.encode(edited)
      outcome.settingsEdited = true
    } catch {
      outcome.problems.append(
        StoreProblem(path: Layout.settings, message: error.errorDescription ?? ""))
    }
  }

  private func handEditMessage(_ outcome: HandEditOutcome) -> String {
    var lines: [String] = []
    for located in outcome.edited {
      lines.append("Edit \(store.bookmarkEditor.quoted(located.bookmark.title))")
    }
    for path in outcome.deleted { lines.append("Delete '\(path)'") }
    if outcome.settingsEdited { lines.append("Edit store settings") }
    if lines.count == 1 { return Message("\(lines[0]) by hand").english }
    let count = outcome.edited.count + outcome.deleted.count
    let subject =
      count == 0
      ? Message("Edit store settings by hand").english
      : Message("Edit \(bookmarkCount(count)) by hand").english
    return subject + "\n\n" + lines.map { "- " + $0 }.joined(separator: "\n")
  }

  /// Throws when the file at `path` differs from its committed version (an uncommitted hand
  /// edit), so a command never sweeps it into its own commit or overwrites it.
  func ensureNoHandEdit(at path: String) throws(StoreError) {
    try store.bookmarkEditor.ensureNoHandEdits(at: [path])
  }
}
