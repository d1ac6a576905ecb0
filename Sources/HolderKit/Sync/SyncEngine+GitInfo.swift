import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// holder-git's attributes and ignores in `.git/info/`, where git ranks them above anything
/// committed: a remote's `.gitattributes` cannot give bookmark files another merge driver, a
/// filter or line-ending conversion, and its `.gitignore` cannot make `git add -A` take in the
/// tag views or the caches. Written beside the merge driver's registration, when missing.
extension SyncEngine {
  static let infoAttributes = """

    # Written by holder-git: these win over any committed .gitattributes.
    /bookmarks/** -text -filter -ident -working-tree-encoding merge=holder-git
    /.holder/store.json -text -filter -ident -working-tree-encoding merge=holder-git

    """

  static let infoExclude = """
    # Written by holder-git: per-machine caches and the derived tag views, whatever
    # the committed .gitignore says.
    /.holder/local
    /tags

    """

  /// Appends holder-git's lines to `.git/info/attributes` and `.git/info/exclude` when they
  /// are not there yet; the user's own lines stay.
  func ensureGitInfo() throws(StoreError) {
    var folder = store.gitDirectory
    if folder.hasSuffix("/") { folder.removeLast() }
    folder += "/info"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, lines) in [("attributes", Self.infoAttributes), ("exclude", Self.infoExclude)] {
      let path = folder + "/" + name
      let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      guard let marker = lines.split(separator: "\n").first, !existing.contains(marker) else {
        continue
      }
      let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
      do {
        let file = try AtomicFile(path: path)
        try file.write(Array((existing + separator + lines).utf8))
        try file.commit()
      } catch {
        throw .fileSystem(error)
      }
    }
  }
}
