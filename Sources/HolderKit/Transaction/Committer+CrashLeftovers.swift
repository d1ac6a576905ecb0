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

/// What a holder-git killed in the middle of a write leaves behind: libgit2's
/// `tmp_object_git2_*`, the pack writer's `tmp_pack_holder_PID_*`, the atomic writer's
/// `.NAME.tmp-PID-RAND` (the journal's among them), git's lock files (`index.lock`, the
/// branch's `.lock`), and what the packer (libgit2's packbuilder) leaves: `pack_git2_*`, an
/// `.idx` whose pack never came.
///
/// Removed only under the store lock, so no live holder-git is writing; a temporary named
/// with a pid is kept while that process lives, and a lock file only goes after a crash the
/// journal tells of, and while no process has it open (a live `git` holds its lock open);
/// `index.lock` only when a holder-git took it: its marker names a dead process, or the
/// journal says the operation held it.
extension Committer {
  func removeLeftovers(journal: IntentJournal?) {
    let git =
      store.gitDirectory.hasSuffix("/")
      ? String(store.gitDirectory.dropLast()) : store.gitDirectory
    removeEntries(in: git + "/objects") { $0.hasPrefix("tmp_object_git2_") }
    removeEntries(in: git + "/objects/pack") { name in
      // tmp_pack_holder_PID_RANDOM
      guard name.hasPrefix("tmp_pack_holder_") else { return false }
      let fields = name.dropFirst("tmp_pack_holder_".count).split(separator: "_")
      return fields.first.flatMap { Int32($0) }.map { !Self.isAlive($0) } ?? false
    }
    removePackerLeftovers(in: git + "/objects/pack")
    // `.git/info/attributes` and `exclude`, written atomically as a store is opened.
    removeEntries(in: git + "/info") { Self.isDeadWritersTemporary($0) }
    var folders: Set<String> = ["", Layout.holder, Layout.local]
    for path in journal?.paths ?? [] { folders.insert(path.folderAndName.folder) }
    for folder in folders {
      guard
        let directory = try? folder.isEmpty
          ? store.rootDirectory : store.rootDirectory.directory(folder),
        let entries = try? directory.entries()
      else { continue }
      for entry in entries where entry.kind == .file && Self.isDeadWritersTemporary(entry.name) {
        try? directory.removeFile(entry.name)
      }
    }
    removeEntries(in: git) { name in
      // The journal, written atomically, and a copy of the index libgit2 wrote while
      // holder-git held index.lock, with its own lock.
      if name.hasPrefix("." + Self.journalFile + ".tmp-") {
        return Self.isDeadWritersTemporary(name)
      }
      return name.hasPrefix(".index.tmp-")
        && Self.isDeadWritersTemporary(name.hasSuffix(".lock") ? String(name.dropLast(5)) : name)
    }
    // git's index.lock that a holder-git took and died holding: its marker says so.
    if IndexLock.isLeftByDeadHolder(at: git + "/index.lock") { unsafe unlink(git + "/index.lock") }
    guard let journal else { return }
    var locks = [git + "/HEAD.lock", git + "/packed-refs.lock"]
    // Written through once it held it: the marker is gone, but the journal says whose it is.
    if journal.holdsIndexLock { locks.append(git + "/index.lock") }
    if journal.reference.hasPrefix("refs/") {
      locks.append(git + "/" + journal.reference + ".lock")
      locks.append(git + "/logs/" + journal.reference + ".lock")
    }
    let present = locks.filter { FileManager.default.fileExists(atPath: $0) }
    guard !present.isEmpty else { return }
    let open = Self.filesOpenByAnyProcess()
    for lock in present where !open.contains(Self.resolved(lock)) { unsafe unlink(lock) }
  }

  /// libgit2's temporary pack while no process has it open, and an `.idx` without its pack
  /// (libgit2 places the index first): git ignores both, `git count-objects` calls them garbage.
  private func removePackerLeftovers(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    let present = Set(names)
    let temporaries = names.filter { $0.hasPrefix("pack_git2_") }
    let open = temporaries.isEmpty ? [] : Self.filesOpenByAnyProcess()
    for name in temporaries where !open.contains(Self.resolved(folder + "/" + name)) {
      unsafe unlink(folder + "/" + name)
    }
    for name in names where name.hasSuffix(".idx") {
      if !present.contains(name.dropLast(4) + ".pack") { unsafe unlink(folder + "/" + name) }
    }
  }

  /// `AtomicFile`'s temporary, `.NAME.tmp-PID-RANDOM`, of a process that is gone.
  static func isDeadWritersTemporary(_ name: String) -> Bool {
    guard name.hasPrefix("."), let marker = name.ranges(of: ".tmp-").last
    else { return false }
    let fields = name[marker.upperBound...].split(separator: "-")
    guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil else {
      return false
    }
    return !isAlive(pid)
  }

  static func isAlive(_ pid: Int32) -> Bool {
    pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
  }

  private func removeEntries(in folder: String, where matches: (String) -> Bool) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where matches(name) { unsafe unlink(folder + "/" + name) }
  }

  /// `path` with its links resolved, as `/proc` names open files.
  private static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// Every file some process has open, as `/proc/PID/fd` shows them (those this user may see).
  private static func filesOpenByAnyProcess() -> Set<String> {
    var open: Set<String> = []
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for pid in processes where pid.allSatisfy(\.isNumber) {
      let folder = "/proc/" + pid + "/fd"
      for fd in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        if let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: folder + "/" + fd)
        {
          open.insert(target)
        }
      }
    }
    return open
  }
}
