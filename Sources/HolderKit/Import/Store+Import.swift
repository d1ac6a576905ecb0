import Dispatch
import Foundation
import Git
import HTML
import HolderCore

extension Store {
  /// Imports the bookmarks of a file (Netscape HTML, holder-git JSON or JSON Lines) as ONE
  /// commit, so one `undo` takes the whole import back.
  ///
  /// ### Algorithm
  /// 1. Read the file entry by entry (a SAX parser for HTML: no document tree), check each
  ///    URL and keep one compact candidate per bookmark path; a URL seen again joins its
  ///    tags to the first (reported as a duplicate). A bad entry is skipped with its reason
  ///    and never stops the others.
  /// 2. Under the lock, in path order: a URL already saved is merged (`ImportMerge`: tags
  ///    united, the store's note kept, later `lastModified` wins per field) or found
  ///    unchanged; a URL deleted in the branch's history is skipped unless
  ///    `includeDeleted`; any other is added. Each new file is encoded once, written to
  ///    the work tree (no fsync each) and, as a blob, straight into one new pack; its
  ///    bytes are then dropped.
  /// 3. The changed folders' trees go into the same pack, the pack is closed, the commit
  ///    written; one file-system sync, then the branch moves (compare-and-swap).
  /// 4. git's index gets the written files with the blob ids already known (no hashing of
  ///    the work tree again); the tag views get the new links.
  ///
  /// A dry run stops after step 2's decisions and writes nothing.
  public func importBookmarks(
    _ bytes: [UInt8], options: ImportOptions,
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(StoreError) -> ImportReport {
    let format = options.format ?? ImportFormat.detect(bytes)
    var report = ImportReport(format: format, dryRun: options.dryRun)
    var reader = ImportCollector(store: self, recordEveryLine: options.recordEveryLine)
    switch format {
    case .netscape:
      NetscapeReader.read(bytes) { item in
        reader.take(.success(item.entry(options: options.folders)))
      }
    case .json:
      for result in JSONImportReader.readJSON(bytes, file: options.sourceName) {
        reader.take(result)
      }
    case .jsonl:
      for result in JSONImportReader.readJSONLines(bytes, file: options.sourceName) {
        reader.take(result)
      }
    }
    reader.finish()
    var candidates = reader.candidates
    var lines = reader.lines
    reader = ImportCollector(store: self, recordEveryLine: false)

    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    if !options.dryRun {
      try checkWritable()
      // Views left stale by a plain `git pull` are repaired first: the import then marks
      // them current.
      refreshTagViewsIfStale()
    }
    let deleted = options.includeDeleted ? [] : try deletedBookmarkPaths()
    // An empty store (a first import) needs no lookup per URL.
    let storeHasBookmarks =
      (try? rootDirectory.directory(Layout.bookmarks).entries().isEmpty == false) ?? false

    // Path order: the work tree is written one host folder at a time.
    let order = candidates.indices.sorted { candidates[$0].path < candidates[$1].path }
    let now = environment.now()
    var writer = options.dryRun ? nil : try ImportWriter(store: self)
    var outcomes = [ImportOutcome](repeating: .unchanged, count: candidates.count)
    for (done, position) in order.enumerated() {
      let candidate = candidates[position]
      var result: Bookmark?
      var existing: Bookmark?
      if storeHasBookmarks {
        do {
          existing = try bookmark(atPath: candidate.path)
        } catch {
          if case .notFound = error {
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
          id: environment.newID(), now: now
        ) { Store.defaultTitle(for: candidate.url) }
        outcomes[position] = .added
      }
      if let result, var active = writer {
        // Moved out and back, so the writer is not copied for each file.
        writer = nil
        defer { writer = active }
        do {
          try active.write(result, at: candidate.path)
        } catch {
          outcomes[position] = .skipped(.unreadable(error.errorDescription ?? "\(error)"))
        }
      }
      candidates[position].entry.note = ""
      if done % 256 == 0 { progress(done, candidates.count) }
    }
    progress(candidates.count, candidates.count)

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

    guard let finished = writer, report.added + report.merged > 0 else { return report }
    writer = nil
    let message =
      "Import \(bookmarkCount(report.added + report.merged)) from \(options.sourceName)\n\n"
      + "Added \(report.added), merged \(report.merged), unchanged \(report.unchanged), "
      + "skipped \(report.skipped.count)."
    report.commit = try finished.commit(message: message)
    return report
  }
}

/// Step 1 of an import: entries in, one candidate per path out, skipped lines noted.
struct ImportCollector {
  let store: Store
  let recordEveryLine: Bool
  var candidates: [ImportCandidate] = []
  var lines: [ImportLine] = []
  private var byPath: [String: Int] = [:]
  private var spellings: [String: String] = [:]

  init(store: Store, recordEveryLine: Bool) {
    self.store = store
    self.recordEveryLine = recordEveryLine
  }

  /// Entries waiting for their URLs to be checked, a batch at a time on both cores.
  private var waiting: [ImportEntry] = []
  private static let batchSize = 4096

  mutating func take(_ result: Result<ImportEntry, ImportSkipReason>) {
    var entry: ImportEntry
    switch result {
    case .failure(let reason):
      lines.append(ImportLine(line: 0, url: "", outcome: .skipped(reason), path: nil))
      return
    case .success(let value):
      entry = value
    }
    entry.tags = entry.tags.compactMap { spelling($0) }
    waiting.append(entry)
    if waiting.count >= ImportCollector.batchSize { planWaiting() }
  }

  /// Checks the entries still waiting; call once after the last `take`.
  mutating func finish() {
    planWaiting()
  }

  /// Normalising URLs and computing paths is the costliest pure step of reading a file: the
  /// batch is split in two halves planned at once, then taken in file order.
  private mutating func planWaiting() {
    let batch = waiting
    waiting = []
    guard !batch.isEmpty else { return }
    let planned = PlannedBatch(count: 2)
    let half = (batch.count + 1) / 2
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      let range = part == 0 ? 0..<half : half..<batch.count
      planned.set(part, batch[range].map { ImportPlanner.candidate(for: $0) })
    }
    for (entry, result) in zip(batch, planned.results.joined()) { add(entry, result) }
  }

  private mutating func add(
    _ entry: ImportEntry, _ result: Result<ImportCandidate, ImportSkipReason>
  ) {
    switch result {
    case .failure(let reason):
      lines.append(
        ImportLine(line: entry.line, url: entry.url, outcome: .skipped(reason), path: nil))
    case .success(let candidate):
      if let earlier = byPath[candidate.path] {
        var first = candidates[earlier].entry
        first.line = entry.line
        // holder-git's export lists a bookmark under each of its tags: the same entry again
        // is the same bookmark, not a duplicate to report.
        if entry.id != nil && first == entry { return }
        candidates[earlier].absorb(entry)
        lines.append(
          ImportLine(
            line: entry.line, url: entry.url,
            outcome: .skipped(.duplicate(ofLine: candidates[earlier].entry.line)),
            path: candidate.path))
      } else {
        byPath[candidate.path] = candidates.count
        candidates.append(candidate)
      }
    }
  }

  /// The store's spelling of a tag (DESIGN §1), looked up once per distinct tag; within
  /// one file the first spelling of tags that differ only in case wins.
  private mutating func spelling(_ tag: String) -> String? {
    let key = Bookmark.tagKey(tag)
    if let known = spellings[key] { return known }
    guard TagPath.isValid(tag) else { return nil }
    let spelled = store.storeSpelling(of: tag)
    spellings[key] = spelled
    return spelled
  }
}

/// The halves of a batch planned on two threads, each written once under a lock.
private final class PlannedBatch: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [[Result<ImportCandidate, ImportSkipReason>]]

  init(count: Int) {
    parts = Array(repeating: [], count: count)
  }

  func set(_ part: Int, _ results: [Result<ImportCandidate, ImportSkipReason>]) {
    lock.lock()
    defer { lock.unlock() }
    parts[part] = results
  }

  var results: [[Result<ImportCandidate, ImportSkipReason>]] {
    lock.lock()
    defer { lock.unlock() }
    return parts
  }
}
