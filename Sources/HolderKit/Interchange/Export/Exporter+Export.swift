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

/// Where an export goes.
public enum ExportDestination: Sendable {
  /// A file, written atomically; relative paths are from the current directory.
  case file(String)
  /// Standard output, written as it is made.
  case standardOutput
}

extension Exporter {
  /// See `Store.exportEntries`.
  func exportEntries(_ selection: ExportSelection) -> (
    entries: [ExportEntry], problems: [StoreProblem]
  ) {
    let snapshot = store.reader.list(ListFilter(favoritesOnly: selection.favoritesOnly))
    let entries = snapshot.bookmarks.lazy.filter { selection.matches($0.bookmark) }
      .map { ExportEntry(bookmark: $0.bookmark, path: $0.path) }
    return (Array(entries), snapshot.problems)
  }

  /// See `Store.export`.
  func export(
    _ selection: ExportSelection, as format: ExportFormat, to destination: ExportDestination,
    progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(ExportError) -> ExportOutcome {
    let target: String?
    if case .file(let path) = destination {
      target = try checkedExportPath(path)
    } else {
      target = nil
    }
    let (entries, problems) = exportEntries(selection)
    let exporter = BookmarkExporter(format: format)
    do {
      if let target {
        let file = try AtomicFile(path: target)
        try exporter.write(entries, to: { try file.write($0) }, progress: progress)
        try file.commit()
      } else {
        // `export > file` on a full disk is an error that says so, not a crash.
        try exporter.write(
          entries, to: { bytes in try StandardStream.output.write(bytes) }, progress: progress)
      }
    } catch let error as FileSystemError {
      throw .fileSystem(error)
    } catch {
      throw .fileSystem(
        FileSystemError(operation: Message("write").english, path: target ?? "-", code: EIO))
    }
    return ExportOutcome(count: entries.count, problems: problems)
  }

  /// `path` made absolute, after checking it is not a folder and not inside the store.
  private func checkedExportPath(_ path: String) throws(ExportError) -> String {
    let absolute = StoreLocation.absolute(path, from: FileManager.default.currentDirectoryPath)
    let attributes = try? FileManager.default.attributesOfItem(atPath: absolute)
    if attributes?[.type] as? FileAttributeType == .typeDirectory {
      throw .isDirectory(path: path)
    }
    // Compare real paths, so neither a link nor `..` hides that the file is in the store.
    let folder = URL(fileURLWithPath: absolute).deletingLastPathComponent()
      .resolvingSymlinksInPath().path
    let storeRoot = URL(fileURLWithPath: store.root).resolvingSymlinksInPath().path
    let gitFolder = URL(fileURLWithPath: store.gitDirectory).resolvingSymlinksInPath().path
    for inside in [storeRoot, gitFolder]
    where folder == inside || folder.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/") {
      throw .insideStore(path: path, store: store.root)
    }
    return folder + "/" + URL(fileURLWithPath: absolute).lastPathComponent
  }
}
