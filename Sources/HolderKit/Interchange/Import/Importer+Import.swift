import Dispatch
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

// An import from start to end: the file read, planned against the store, written as one
// commit (or, in a dry run, only reported).

extension Importer {
  /// See `Store.importBookmarks`.
  func importBookmarks(
    _ bytes: [UInt8], options: ImportOptions,
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(StoreError) -> ImportReport {
    let format: ImportFormat
    if let forced = options.format {
      format = forced
    } else {
      switch ImportFormat.recognize(bytes) {
      case .format(let found): format = found
      case .notRecognized(let look, let closest):
        throw .importing(.unknownImportFormat(source: options.sourceName, look, closest: closest))
      }
    }
    // A dry run writes nothing and takes the store as it is; an import has the views made
    // current first (a plain `git pull` may have left them stale), and then marks them so.
    return try store.withTransaction(options.dryRun ? .lockOnly : .change) {
      _ throws(StoreError) -> ImportReport in
      // The same file into the store the last import left: its answer, without reading
      // the file again (see `ImportMemo`).
      let fingerprint = ImportMemo.fingerprint(of: bytes, options: options)
      if !options.recordEveryLine, let memo = ImportMemo.read(store),
        let remembered = memo.answer(fingerprint, store: store, dryRun: options.dryRun)
      {
        guard let disagrees = store.environment.importMemoDisagrees else { return remembered }
        let read = try importLocked(bytes, format: format, options: options, progress: progress)
        if read != remembered { disagrees("\(remembered)", "\(read)") }
        return read
      }
      let report = try importLocked(bytes, format: format, options: options, progress: progress)
      if !options.dryRun { ImportMemo.record(fingerprint, report: report, store: store) }
      return report
    }
  }

  /// `importBookmarks` with the lock held.
  private func importLocked(
    _ bytes: [UInt8], format: ImportFormat, options: ImportOptions,
    progress: (_ done: Int, _ total: Int) -> Void
  ) throws(StoreError) -> ImportReport {
    var report = ImportReport(format: format, dryRun: options.dryRun)
    var reader = ImportCollector(store: store, recordEveryLine: options.recordEveryLine)
    // An empty store (a first import) needs no lookup per URL.
    let storeHasBookmarks =
      (try? store.rootDirectory.directory(Layout.bookmarks).entries().isEmpty == false) ?? false
    // What git knows (one status, one walk of the history) is asked on another thread while
    // this one brings the index up to date and reads the file: at 100,000 bookmarks each
    // takes about as long as the other.
    let root = store.root
    let includeDeleted = options.includeDeleted
    var saved: BookmarkIndex.PathTable? = nil
    let known = try ParallelPair.run(
      { () -> Result<GitKnown, StoreError> in
        GitKnown.read(root: root, deletions: !includeDeleted)
      },
      while: { () throws(StoreError) in
        // The saved bookmarks through the index (stamps checked, hand edits included): a
        // re-import reads only the files changed since the index last saw them. Before the
        // file: an index rebuilt from nothing lets go of its working memory before the
        // candidates take theirs.
        if storeHasBookmarks { saved = BookmarkIndex.PathTable(store.bookmarkIndex()) }
        try Self.read(bytes, format: format, options: options, into: &reader)
      })
    reader.finish()
    // Not one entry, and records that could not be read: the file is not in this format (or
    // is broken), which "0 added" would hide.
    if reader.entriesTaken == 0, let unreadable = reader.unreadable.first {
      throw .importing(
        .nothingReadable(
          source: options.sourceName, format: format, count: reader.unreadable.count,
          first: unreadable))
    }
    report.tagNotes = reader.tagNotes
    report.warnings = reader.warnings.sorted { $0.line < $1.line }
    var candidates = reader.candidates
    var lines = reader.lines
    reader = ImportCollector(store: store, recordEveryLine: false)
    let deleted: Set<String>
    let handEdited: Set<String>
    switch known {
    case .success(let answer): (deleted, handEdited) = (answer.deleted, answer.handEdited)
    case .failure(let error): throw error
    }
    // A file the import would merge into, add back or write over that has hand edits not
    // committed: the import's commit would sweep them in, and undoing it would lose them.
    // One status serves this check and the journal.
    if storeHasBookmarks, let edited = candidates.map(\.path).filter(handEdited.contains).min() {
      throw .write(.uncommittedHandEdit(path: edited))
    }
    // Path order: the work tree is written one host folder at a time.
    let order = candidates.indices.sorted { candidates[$0].path < candidates[$1].path }
    let now = store.environment.now()
    var writer = options.dryRun ? nil : try ImportWriter(store: store)
    // Written before the first file, not before the first decision: a re-import that finds
    // everything unchanged writes no journal of 100,000 paths.
    var journaled = false
    // From the journal to the last file, Ctrl-C stops the import and takes its files back.
    let interruptible = WriteInterruption.Region()
    defer { interruptible.close() }
    var outcomes = [ImportOutcome](repeating: .unchanged, count: candidates.count)
    for (done, position) in order.enumerated() {
      let candidate = candidates[position]
      defer {
        // The note is written or not needed: its memory goes as the import goes on.
        candidates[position].entry.note = ""
        if done % 256 == 0 { progress(done, candidates.count) }
      }
      var result: Bookmark?
      var existing: Bookmark?
      switch saved?.content(atPath: candidate.path) ?? .absent {
      case .bookmark(let bookmark): existing = bookmark
      case .absent: break
      case .problem(let message):
        outcomes[position] = .skipped(.unreadable(message))
        continue
      case .unknown:
        do {
          existing = try store.reader.bookmark(atPath: candidate.path)
        } catch {
          if case .lookup(.notFound) = error {
          } else {
            outcomes[position] = .skipped(.unreadable(error.errorDescription ?? "\(error)"))
            continue
          }
        }
      }
      if let existing {
        result = ImportMerge.merge(existing: existing, candidate: candidate, now: now)
        outcomes[position] = result == nil ? .unchanged : .merged
      } else if deleted.contains(candidate.path) {
        outcomes[position] = .skipped(.deleted)
      } else {
        result = candidate.newBookmark(
          id: store.environment.newID(), now: now
        ) { BookmarkEditor.defaultTitle(for: candidate.url) }
        outcomes[position] = .added
      }
      guard let result else { continue }
      let bytes = BookmarkCodec.encode(result)
      // Never a file holder-git would refuse to read back.
      if let problem = BookmarkLimits.problem(result, bytes: bytes) {
        outcomes[position] = .skipped(.overLimit(problem))
        continue
      }
      if var active = writer {
        if !journaled {
          try journalImport(
            paths: candidates.map(\.path), handEdited: handEdited, source: options.sourceName)
          journaled = true
          interruptible.open()
        }
        // Moved out and back, so the writer is not copied for each file.
        writer = nil
        defer { writer = active }
        do {
          // Ctrl-C stops it here, between two files, as a failed write does.
          try WriteInterruption.check()
          try active.write(result, bytes: bytes, at: candidate.path, replacing: existing != nil)
        } catch {
          // A file that cannot be written (a full disk, a read-only folder) fails the whole
          // import: one commit or none, never a part reported as skipped. Everything put back,
          // the journal has nothing left for the next command to undo.
          if active.takeBack() == nil { store.committer.removeJournal() }
          throw .takenBack(error, operation: Message("import").english)
        }
      }
    }
    progress(candidates.count, candidates.count)
    // Ctrl-C after the last file: taken back too, before anything is committed.
    if let active = writer, journaled, WriteInterruption.isRequested {
      if active.takeBack() == nil { store.committer.removeJournal() }
      throw .takenBack(.write(.interrupted), operation: Message("import").english)
    }
    interruptible.close()

    for (position, candidate) in candidates.enumerated() {
      let outcome = outcomes[position]
      switch outcome {
      case .added: report.added += 1
      case .merged: report.merged += 1
      case .unchanged: report.unchanged += 1
      case .skipped: break
      }
      let line = ImportLine(
        line: candidate.entry.line, url: candidate.entry.url, outcome: outcome,
        path: candidate.path)
      if case .skipped = outcome {
        lines.append(line)
      } else if options.recordEveryLine {
        lines.append(line)
      }
    }
    candidates = []
    lines.sort { $0.line < $1.line }
    report.skipped = lines.filter { if case .skipped = $0.outcome { true } else { false } }
    if options.recordEveryLine { report.lines = lines }

    guard let finished = writer, report.added + report.merged > 0 else {
      // Nothing was written (a write that failed left no file): the journal has no work.
      store.committer.finishJournal()
      return report
    }
    writer = nil
    let message =
      Message(
        "Import \(bookmarkCount(report.added + report.merged)) from \(CommitText.inline(options.sourceName))"
      ).english + "\n\n"
      + "Added \(report.added), merged \(report.merged), unchanged \(report.unchanged), "
      + "skipped \(report.skipped.count)."
    report.commit = try finished.commit(message: message)
    store.committer.finishJournal()
    return report
  }

  /// Reads every entry of `bytes` into `reader` (step 1).
  private static func read(
    _ bytes: [UInt8], format: ImportFormat, options: ImportOptions,
    into reader: inout ImportCollector
  ) throws(StoreError) {
    switch format {
    case .netscape:
      do {
        let folders = options.folders
        try NetscapeFile.read(
          bytes, transform: { $0.entry(options: folders) },
          each: { reader.take(.success($0)) })
      } catch {
        throw .importing(.unreadableImport(source: options.sourceName, error))
      }
    case .pocketHTML:
      do {
        try NetscapeFile.read(
          bytes, transform: { PocketHTML.entry($0) }, each: { reader.take(.success($0)) })
      } catch {
        throw .importing(.unreadableImport(source: options.sourceName, error))
      }
    case .json:
      for result in JSONImportReader.readJSON(bytes, file: options.sourceName) {
        reader.take(result)
      }
    case .jsonl:
      for result in JSONImportReader.readJSONLines(bytes, file: options.sourceName) {
        reader.take(result)
      }
    case .markdown:
      for result in MarkdownReader.read(bytes) { reader.take(result) }
    case .pocketCSV:
      for result in PocketCSVReader.read(bytes) { reader.take(result) }
    case .raindropCSV:
      for result in RaindropCSVReader.read(bytes, folders: options.folders) { reader.take(result) }
    case .instapaperCSV:
      for result in InstapaperCSVReader.read(bytes, folders: options.folders) {
        reader.take(result)
      }
    case .xbel:
      do {
        let folders = options.folders
        try NetscapeFile.read(
          bytes, reader: "xbel", transform: { $0.xbelResult(options: folders) },
          each: { reader.take($0) })
      } catch {
        throw .importing(.unreadableImport(source: options.sourceName, error))
      }
    case .firefoxPlaces:
      do {
        let folders = options.folders
        try PlacesFile.read(
          bytes, writeAheadLog: options.writeAheadLog,
          transform: { FirefoxPlaces.entry($0, options: folders) },
          each: { reader.take(.success($0)) })
      } catch {
        throw .importing(.unreadableImport(source: options.sourceName, error))
      }
    // MARK: JSON formats of browsers and services
    case .chrome:
      for result in ChromeBookmarksReader.read(
        bytes, file: options.sourceName, options: options.folders)
      {
        reader.take(result)
      }
    case .firefoxJSON:
      let json = try FirefoxBackup.json(bytes, source: options.sourceName)
      for result in FirefoxJSONReader.read(json, file: options.sourceName, options: options.folders)
      {
        reader.take(result)
      }
    case .pinboard:
      for result in PinboardJSONReader.read(bytes, file: options.sourceName) { reader.take(result) }
    case .buku:
      for result in BukuJSONReader.read(bytes, file: options.sourceName) { reader.take(result) }
    case .omnivore:
      for result in OmnivoreJSONReader.read(bytes, file: options.sourceName) { reader.take(result) }
    }
  }

  /// The intent journal of an import, written before its first file: the files it may write
  /// (those a person has not changed by hand), for the next command to remove or restore
  /// when a crash comes before the commit, so that a re-run imports them again.
  private func journalImport(
    paths: [String], handEdited skipped: Set<String>, source: String
  ) throws(StoreError) {
    let (reference, from): (String, ObjectID?)
    switch try git({ () throws(GitError) in try store.repository.head() }) {
    case .branch(let name, let target): (reference, from) = (name, target)
    case .unborn(let name): (reference, from) = (name, nil)
    case .detached: throw .write(.detachedHead)
    }
    do {
      try store.committer.writeJournal(
        IntentJournal(
          operation: Message("Import from \(VisibleText.oneLine(source))").english,
          reference: reference,
          from: from?.hex, to: nil, paths: paths.filter { !skipped.contains($0) }.sorted()))
    } catch {
      // Nothing of the import is written before its journal.
      throw .takenBack(error, operation: Message("import").english)
    }
  }
}
