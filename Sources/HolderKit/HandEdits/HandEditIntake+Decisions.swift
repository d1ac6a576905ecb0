import Git
import HolderCore
import Localization

/// Deciding what the hand edits the intake read become: each file written at its URL's path
/// (a file moved or renamed by hand is the bookmark whose id it holds, put back), ids kept
/// unique (a copy gets a fresh one, said in a note), and a file gone from its path committed
/// as a deletion only when no file that was refused may be that bookmark moved.
extension HandEditIntake {
  func settle(
    _ intake: HandEditScan, into change: inout Change, outcome: inout HandEditOutcome
  ) {
    let now = store.environment.now()
    var refusals = intake
    var goneByID: [BookmarkID: HandEditScan.Gone] = [:]
    for gone in intake.gone {
      if let id = gone.previous?.id, goneByID[id] == nil { goneByID[id] = gone }
    }
    // Files still holding the bookmark committed at their own path keep its id first.
    var owners: [BookmarkID: String] = [:]
    for file in intake.files where file.previous?.id == file.bookmark.id {
      owners[file.bookmark.id] = owners[file.bookmark.id] ?? file.path
    }
    let intakePaths = Set(intake.files.map(\.path))
    var workTree: BookmarkIndex?
    var movedFrom: Set<String> = []
    for file in intake.files {
      var edited = file.bookmark
      let path = file.path
      let target = BookmarkPath.relativePath(forNormalizedURL: edited.url)
      let inPlace = file.previous?.id == edited.id
      let source =
        inPlace ? nil : goneByID[edited.id].flatMap { movedFrom.contains($0.path) ? nil : $0 }
      if target != path, !inPlace, change.writes[target] == nil, isCopy(edited, of: target) {
        // The bookmark at its URL's path, field for field but for when it last changed (a copy
        // left by a move that plain git committed as a deletion and an undo brought back):
        // nothing typed in it is lost by removing it.
        change.removals.insert(path)
        outcome.notes.append(
          Message("'\(path)' is a copy of '\(target)', nothing typed in it differs; it is removed")
            .english)
        continue
      }
      if target != path, store.rootDirectory.existsFile(target) || change.writes[target] != nil {
        let message =
          inPlace
          ? Message(
            "'\(path)' now has the URL of '\(target)', which is saved already; merge the two by hand or change the URL back"
          )
          : Message(
            "'\(path)' holds '\(URLNormalizer.readable(edited.url))', which '\(target)' holds already; merge the two by hand, or remove one of them"
          )
        outcome.problems.append(StoreProblem(path: path, message: message.english))
        refusals.refuse(path, id: edited.id)
        continue
      }
      if !inPlace, source == nil {
        var owner = owners[edited.id]
        if owner == nil {
          if workTree == nil { workTree = store.bookmarkIndex() }
          owner =
            workTree?.bookmarks(withIDPrefix: edited.id.rawValue).first {
              $0.bookmark.id == edited.id && $0.path != path && !intakePaths.contains($0.path)
            }?.path
        }
        if let owner {
          // An id pasted over the file's own: the file is still the bookmark it was (as a
          // merge and `check --fix` decide), so it takes its own id back while nothing else
          // holds it; a new id would make that bookmark a deletion.
          if workTree == nil { workTree = store.bookmarkIndex() }
          if let own = file.previous?.id, own != edited.id, owners[own] == nil,
            !intake.files.contains(where: { $0.bookmark.id == own }),
            workTree?.bookmarks(withIDPrefix: own.rawValue).contains(where: {
              $0.bookmark.id == own && $0.path != path
            }) != true
          {
            outcome.notes.append(
              Message(
                "'\(path)' has the id of '\(owner)', another bookmark's; it takes back its own id, \(own.rawValue), so both are kept"
              ).english)
            edited.id = own
          } else {
            let fresh = store.environment.newID()
            outcome.notes.append(
              Message(
                "'\(path)' has the id of '\(owner)', another bookmark's; it is given a new id, \(fresh.rawValue), so both are kept"
              ).english)
            edited.id = fresh
          }
        }
      }
      owners[edited.id] = owners[edited.id] ?? target
      if let source { movedFrom.insert(source.path) }
      let base = source?.previous ?? file.previous
      if let base, edited != base, edited.lastModified == base.lastModified {
        // Dated when the file was saved, not when a later sync took it in: an edit made
        // before another machine's must not win against it for being committed after.
        let (folder, name) = path.folderAndName
        let saved = (try? store.rootDirectory.directory(folder))?.modificationTime(name).map {
          Timestamp(millisecondsSince1970: $0)
        }
        edited.lastModified = Timestamp.stamp(
          now: saved.map { min($0, now) } ?? now, previous: base.lastModified)
      }
      if target != path {
        // An edited URL renames the file; anything else put it where its URL does not.
        change.removals.insert(path)
        if !inPlace {
          outcome.notes.append(
            Message("'\(path)' was not at the path its URL gives; it is now at '\(target)'")
              .english)
        }
      }
      let (folder, name) = path.folderAndName
      if let bytes = try? store.rootDirectory.directory(folder).readFile(name) {
        let notes = TagEditor.tagSpellingNotes(in: bytes, path: path)
        outcome.notes += notes.map { Message("'\(path)': \($0)").english }
      }
      change.writes[target] = BookmarkCodec.encode(edited)
      outcome.edited.append(LocatedBookmark(path: target, bookmark: edited))
    }
    for gone in intake.gone where change.writes[gone.path] == nil {
      // Its bookmark is written at the path of a URL edited at the same time.
      if movedFrom.contains(gone.path) {
        change.removals.insert(gone.path)
        continue
      }
      if let holder = refusals.refusedFile(thatMayBe: gone) {
        outcome.problems.append(
          StoreProblem(
            path: gone.path,
            message: Message(
              "'\(gone.path)' is gone, and '\(holder)', which cannot be taken in, may be its bookmark moved; its deletion waits until that file is fixed"
            ).english))
        continue
      }
      change.removals.insert(gone.path)
      outcome.deleted.append(gone.path)
    }
  }

  /// True when `copy`, a file away from its URL's `path`, loses nothing typed by going: the
  /// file at `path` holds it in every field but `lastModified`, or it is an older committed
  /// version of that bookmark (one holder-git has since changed or deleted).
  private func isCopy(_ copy: Bookmark, of path: String) -> Bool {
    guard let read = try? store.bookmark(atPath: path), var there = try? normalizedHandEdit(read)
    else { return isDeletedCopy(copy, of: path) }
    there.lastModified = copy.lastModified
    return there == copy || wasCommitted(copy, at: path)
  }

  /// True when `bookmark`, in a file at `path` that HEAD does not hold and away from its URL's
  /// `expected` path, is a copy moved away by hand of a bookmark holder-git deleted since:
  /// what `check --fix` removes instead of moving it back.
  func isStaleCopy(_ bookmark: Bookmark, at path: String, of expected: String) -> Bool {
    guard let copy = try? normalizedHandEdit(bookmark) else { return false }
    // Committed where it is, it is the bookmark there, however it got there.
    guard isAbsentFromHead(path) else { return false }
    return isDeletedCopy(copy, of: expected)
  }

  /// True when `path` is gone from HEAD, removed by holder-git, and `copy` holds a version of
  /// it committed before that.
  private func isDeletedCopy(_ copy: Bookmark, of path: String) -> Bool {
    // Gone from its path and from HEAD too (deleted since, by a command or a pull): a copy
    // moved away before that and holding an older committed version is no new bookmark, and
    // the deletion stands. (Still in HEAD, the file moved away is the bookmark moved.)
    guard isAbsentFromHead(path) else { return false }
    return removedByHolderGit(path) && wasCommitted(copy, at: path)
  }

  /// True when HEAD holds no file at `path`; false when HEAD cannot be read.
  private func isAbsentFromHead(_ path: String) -> Bool {
    do {
      let head = try store.commitReader.headTree()
      return try store.commitReader.committedBytes(at: path, in: head) == nil
    } catch {
      return false
    }
  }

  /// True when the commit that removed `path` from HEAD's line was holder-git's.
  ///
  /// A command or a sync's merge (its `Device:` trailer says so) is a decision; a plain `git
  /// commit -a`, which takes a file moved by hand for a deletion, is not, and neither is a
  /// removal not found. A merge that took the removal from one of its parents (a plain `git
  /// pull` of another machine's command) leads to that parent's line.
  private func removedByHolderGit(_ path: String, looking commits: Int = 64) -> Bool {
    guard var current = try? store.commitReader.currentHead() else { return false }
    for _ in 0..<commits {
      guard let commit = try? store.repository.commit(current), !commit.parents.isEmpty else {
        return false
      }
      var holds = false
      var lacking: ObjectID?
      for parent in commit.parents {
        guard let parentTree = try? store.commitReader.tree(ofCommit: parent) else { return false }
        if (try? store.commitReader.committedBytes(at: path, in: parentTree)) != nil {
          holds = true
        } else if lacking == nil {
          lacking = parent
        }
      }
      guard let next = lacking else {
        return holds && CommitTrailer.value(CommitTrailer.device, in: commit.message) != nil
      }
      current = next
    }
    return false
  }

  /// True when `copy` is, to the last field, the bookmark committed at `path` in one of the
  /// recent commits HEAD reaches: a file moved by hand before a pull or sync changed it holds
  /// that older version, and nothing typed in it is lost when it goes.
  private func wasCommitted(_ copy: Bookmark, at path: String, looking commits: Int = 64) -> Bool {
    guard var queue = (try? store.commitReader.currentHead()).flatMap({ $0.map { [$0] } }) else {
      return false
    }
    var seen = Set(queue)
    var looked = 0
    while !queue.isEmpty, looked < commits {
      let id = queue.removeFirst()
      looked += 1
      guard let commit = try? store.repository.commit(id) else { continue }
      if let committed = try? store.commitReader.committedBookmark(at: path, in: commit.tree),
        (try? normalizedHandEdit(committed)) == copy
      {
        return true
      }
      for parent in commit.parents where seen.insert(parent).inserted { queue.append(parent) }
    }
    return false
  }
}
