import Dispatch
import HolderCore

/// Makes tag-view links on a thread of its own while the import writes bookmark files:
/// both are file-system work (one inode each), and on two cores they overlap.
///
/// Links are derived data: one that cannot be made is left to the next repair, as
/// elsewhere, and a crash before the import's commit leaves links that the next command's
/// repair removes (the tag views are only marked current after the commit).
final class TagLinkMaker: @unchecked Sendable {
  private let root: SafeDirectory
  private let queue = DispatchQueue(label: "holder-git.import.tag-links")
  private var pending: [(folder: String, name: String, target: String)] = []
  /// The links this maker made where there was none, so a failed import can take them back.
  private var made: [(folder: String, name: String)] = []

  init(root: SafeDirectory) {
    self.root = root
  }

  /// Queues the links of the bookmark at `path` for `tags` (from the writer's thread).
  func add(path: String, tags: [String], link: (String, String) -> (String, String, String)) {
    for tag in tags { pending.append(link(tag, path)) }
    if pending.count >= 4096 { flush() }
  }

  /// Hands the queued links to the background thread.
  func flush() {
    let batch = pending
    pending = []
    guard !batch.isEmpty else { return }
    queue.async { self.make(batch) }
  }

  /// Waits until every queued link is made.
  func finish() {
    flush()
    queue.sync {}
  }

  private func make(_ links: [(folder: String, name: String, target: String)]) {
    var byFolder: [String: [(name: String, target: String)]] = [:]
    for link in links { byFolder[link.folder, default: []].append((link.name, link.target)) }
    for (folder, entries) in byFolder {
      guard let directory = try? root.directory(folder, create: true) else { continue }
      for entry in entries {
        let existed = directory.exists(entry.name)
        if (try? directory.makeSymlink(entry.name, pointingTo: entry.target)) != nil, !existed {
          made.append((folder, entry.name))
        }
        CrashPoint.reached()
      }
    }
  }

  /// Removes every link this maker made, and the folders that leaves empty (a failed import).
  func takeBack() {
    finish()
    queue.sync {
      for link in made.reversed() {
        guard let directory = try? root.directory(link.folder) else { continue }
        try? directory.removeFile(link.name)
        var folders = link.folder.slashSeparated()
        while folders.count > 1, let last = folders.popLast(),
          (try? root.directory(folders.joined(separator: "/")))?.removeEmptyDirectory(last) == true
        {}
      }
      made = []
    }
  }
}
