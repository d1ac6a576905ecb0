import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The last import's answer, kept so that importing the same file again into an unchanged
/// store costs a hash of the file and a status, not a reading of every entry.
///
/// People re-import the same export (a browser's, a cron job's) again and again; every entry
/// is then unchanged, and finding that out costs a third of the first import (the file read,
/// every URL normalised, every saved bookmark looked up). An import is a function of the
/// file, the options, the commit at HEAD and the files under `bookmarks/`; and it is
/// idempotent (an import of the same file right after it changes nothing — the import's own
/// law, tested). So after an import the memo records the file's `ImportFingerprint`, the HEAD
/// it left and the report a repeat would give (everything added or merged now unchanged, the
/// same skipped lines); a later import of the same fingerprint at that HEAD, with no file
/// under `bookmarks/` differing from it, gives that report without reading the file.
///
/// `.git/holder-git-import-memo`, written atomically, never synced: lost or unreadable, it only
/// costs the time it saved. Dry runs read it and never write it.
struct ImportMemo: Codable {
  var fingerprint: String
  /// The commit HEAD pointed at when the import finished.
  var head: String
  /// What importing the same file at `head` reports.
  var repeatReport: ImportReport

  static let fileName = "holder-git-import-memo"

  /// The fingerprint of importing `bytes` with `options`: every option that changes what the
  /// file becomes (not the dry run, not what is recorded for the report), and the programs
  /// that read it, so a holder-git that reads files better after an upgrade reads them again.
  static func fingerprint(of bytes: [UInt8], options: ImportOptions) -> String {
    ImportFingerprint.of(
      bytes,
      choices: [
        options.format?.rawValue ?? "detected",
        options.folders.foldersAsTags ? "folders" : "no-folders",
        options.folders.prefix ?? "",
        options.includeDeleted ? "include-deleted" : "",
        // Firefox keeps its newest changes in the log beside places.sqlite.
        options.writeAheadLog.map { ImportFingerprint.of($0, choices: ["write-ahead log"]) } ?? "",
        programIdentity("/proc/self/exe"),
        programIdentity(HelperProgram.path),
      ])
  }

  /// Which file `path` is: any rebuild or installation gives another answer.
  private static func programIdentity(_ path: String) -> String {
    var status = stat()
    guard unsafe stat(path, &status) == 0 else { return "" }
    return "\(status.st_dev):\(status.st_ino):\(status.st_size):"
      + "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
  }

  /// The memo of `store`, nil when there is none or it cannot be read.
  static func read(_ store: Store) -> ImportMemo? {
    guard let directory = try? SafeDirectory(path: store.gitDirectory),
      let bytes = try? directory.readFile(fileName)
    else { return nil }
    return try? JSONDecoder().decode(ImportMemo.self, from: Data(bytes))
  }

  /// The report to give for an import of `fingerprint` now, when the memo answers for it.
  ///
  /// Asks git for HEAD and the status of `bookmarks/` (a file changed by hand since would be
  /// merged into, or refused, by a real import).
  func answer(_ fingerprint: String, store: Store, dryRun: Bool) -> ImportReport? {
    guard fingerprint == self.fingerprint,
      let current = try? store.repository.head().target, current.hex == head,
      case .success(let known) = GitKnown.read(root: store.root, deletions: false),
      known.handEdited.isEmpty
    else { return nil }
    var report = repeatReport
    report.dryRun = dryRun
    return report
  }

  /// Records that importing `fingerprint` gave `report` and left HEAD where it is now.
  static func record(_ fingerprint: String, report: ImportReport, store: Store) {
    guard let head = try? store.repository.head().target,
      let directory = try? SafeDirectory(path: store.gitDirectory)
    else { return }
    var repeated = report
    repeated.unchanged += report.added + report.merged
    repeated.added = 0
    repeated.merged = 0
    repeated.commit = nil
    repeated.lines = []
    let memo = ImportMemo(fingerprint: fingerprint, head: head.hex, repeatReport: repeated)
    guard let encoded = try? JSONEncoder().encode(memo) else { return }
    try? directory.writeFileAtomically(fileName, Array(encoded), durable: false)
  }
}
