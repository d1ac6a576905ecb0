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

/// Step 1 of an import: entries in, one candidate per path out, skipped lines noted.
struct ImportCollector {
  let store: Store
  let recordEveryLine: Bool
  var candidates: [ImportCandidate] = []
  var lines: [ImportLine] = []
  /// The entries' warnings, in the order the entries came.
  var warnings: [ImportWarning] = []
  private var byPath: [String: Int] = [:]
  private var spellings: [String: String] = [:]
  private var speller: TagSpeller
  /// The spellings of each tag as the file gives them, when it gives more than one.
  private var given: [String: [String]] = [:]
  private var givenOrder: [String] = []

  init(store: Store, recordEveryLine: Bool) {
    self.store = store
    self.recordEveryLine = recordEveryLine
    speller = TagSpeller(store: store)
  }

  /// Entries waiting for their URLs to be checked, a batch at a time on both cores.
  private var waiting: [ImportEntry] = []
  private static let batchSize = 4096

  /// How many entries were read (whatever became of them after).
  private(set) var entriesTaken = 0
  /// Why each record that could not be read at all was not, in file order.
  private(set) var unreadable: [String] = []

  mutating func take(_ result: Result<ImportEntry, ImportSkipReason>) {
    var entry: ImportEntry
    switch result {
    case .failure(let reason):
      if case .unreadable(let why) = reason { unreadable.append(why) }
      lines.append(ImportLine(line: 0, url: "", outcome: .skipped(reason), path: nil))
      return
    case .success(let value):
      entry = value
      entriesTaken += 1
    }
    for message in entry.warnings {
      warnings.append(ImportWarning(line: entry.line, url: entry.url, message: message))
    }
    // A tag that could never be a folder under tags/ skips the entry, with the limit.
    for tag in entry.tags {
      do {
        try TagPath.validateForFolder(tag)
      } catch {
        switch error {
        case .segmentTooLong, .tooDeep: break
        default: continue
        }
        lines.append(
          ImportLine(
            line: entry.line, url: entry.url,
            outcome: .skipped(.invalidTag(tag: tag, reason: error.reason)), path: nil))
        return
      }
    }
    entry.tags = entry.tags.compactMap { spelling($0) }
    waiting.append(entry)
    if waiting.count >= ImportCollector.batchSize { planWaiting() }
  }

  /// One sentence per tag the file spells in more than one case, naming the spelling kept.
  var tagNotes: [String] {
    givenOrder.compactMap { key in
      guard let variants = given[key], variants.count > 1, let kept = spellings[key] else {
        return nil
      }
      let others = variants.dropLast().map { "'\($0)'" }.joined(separator: ", ")
      let last = variants.last ?? ""
      return Message(
        "\(others) and '\(last)' differ only in case and are one tag: '\(kept)' is kept"
      ).english
    }
  }

  /// Checks the entries still waiting; call once after the last `take`.
  mutating func finish() {
    planWaiting()
  }

  /// Normalising URLs and computing paths is the costliest pure step of reading a file: the
  /// batch is planned on every core at once, then taken in file order.
  private mutating func planWaiting() {
    let batch = waiting
    waiting = []
    guard !batch.isEmpty else { return }
    let planned = ParallelRanges.positions(batch.count, oneThreadBelow: 512) {
      ImportPlanner.candidate(for: batch[$0])
    }
    for (entry, result) in zip(batch, planned) { add(entry, result) }
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
  ///
  /// Spellings are settled per level: a `TAGS` value `science` and a later folder
  /// `Science/Physics` both become `science…`, since two spellings of one folder under
  /// `tags/` would make the next import of the same file respell (and restamp) them.
  private mutating func spelling(_ tag: String) -> String? {
    let key = Bookmark.tagKey(tag)
    if given[key] == nil { givenOrder.append(key) }
    if !given[key, default: []].contains(tag.nfc) { given[key, default: []].append(tag.nfc) }
    if let known = spellings[key] { return known }
    guard TagPath.isValid(tag) else { return nil }
    let stored = speller.spelling(of: tag).slashSeparated()
    var resolved: [String] = []
    for (level, segment) in stored.enumerated() {
      let prefix = (resolved + [segment]).joined(separator: "/")
      let prefixKey = Bookmark.tagKey(prefix)
      if let earlier = spellings[prefixKey] {
        resolved = earlier.slashSeparated()
      } else {
        resolved.append(segment)
        if level < stored.count - 1 { spellings[prefixKey] = prefix }
      }
    }
    let spelled = resolved.joined(separator: "/")
    spellings[key] = spelled
    return spelled
  }
}
