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

// The store's verbs of import and export; the work is Importer's and Exporter's.

extension Store {
  /// Imports the bookmarks of a file (Netscape HTML, holder-git JSON, JSON Lines or Markdown) as ONE
  /// commit, so one `undo` takes the whole import back.
  ///
  /// ### Algorithm
  /// All of it under the store lock.
  /// 1. Bring the bookmark index up to date, then read the file entry by entry (a SAX parser
  ///    for HTML: no document tree), check each URL and keep one compact candidate per
  ///    bookmark path; a URL seen again joins its tags to the first (reported as a
  ///    duplicate). A bad entry is skipped with its reason and never stops the others.
  ///    Meanwhile another thread asks git for the hand-edited and the deleted paths.
  /// 2. In path order: a URL already saved (looked up in the bookmark index) is merged (`ImportMerge`: tags
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
  /// A dry run stops after step 2's decisions and writes nothing. A write that fails before the
  /// branch moves takes back every file and link the import wrote, so the store is as it was.
  public func importBookmarks(
    _ bytes: [UInt8], options: ImportOptions,
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(StoreError) -> ImportReport {
    try importer.importBookmarks(bytes, options: options, progress: progress)
  }

  /// The bookmarks `selection` takes, as export entries, and the files that could not be read.
  public func exportEntries(_ selection: ExportSelection) -> (
    entries: [ExportEntry], problems: [StoreProblem]
  ) {
    exporter.exportEntries(selection)
  }

  /// Writes the bookmarks `selection` takes to `destination` in `format`.
  ///
  /// A file is written atomically (a temporary file beside it, synced, then
  /// renamed over), so an earlier export at that path stays whole until the
  /// new one is complete; a path inside the store is refused. The writer
  /// hands on the text in pieces, so memory does not grow with the output.
  /// `progress(done, total)` is called as pieces are written.
  public func export(
    _ selection: ExportSelection, as format: ExportFormat, to destination: ExportDestination,
    progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(ExportError) -> ExportOutcome {
    try exporter.export(selection, as: format, to: destination, progress: progress)
  }
}
