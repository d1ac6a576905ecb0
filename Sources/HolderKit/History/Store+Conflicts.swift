import Git
import HolderCore

/// One automatic resolution recorded in a sync's merge commit, with how to undo it.
public struct RecordedResolution: Hashable, Sendable {
  /// The merge (or settle) commit that recorded it.
  public var commit: String
  public var time: Timestamp
  public var device: String?
  /// The resolution as the commit message states it (winner, loser, both times).
  public var text: String
  /// The command that brings back the side that lost, when it can be named.
  public var restoreCommand: String?
}

extension Store {
  /// The automatic resolutions that syncs and settled git merges recorded, newest first.
  ///
  /// Each merge commit's message lists its resolutions, one `- <id> …` line
  /// each; the losing value is in the parent whose version differs from the
  /// merge's, so `restore <id> --at <commit>^<n>` brings it back.
  public func conflicts(since: Timestamp? = nil) throws(StoreError) -> [RecordedResolution] {
    guard let head = try currentHead() else { return [] }
    var result: [RecordedResolution] = []
    do {
      try repository.walkCommits(from: head) { commit in
        let time = Timestamp(millisecondsSince1970: commit.committer.time * 1000)
        if let since, time < since { return false }
        let subject = CommitTrailer.subject(of: commit.message)
        guard subject.hasPrefix("Sync with ") || subject.hasPrefix("Settle merge from git")
        else { return true }
        let device = CommitTrailer.value(CommitTrailer.device, in: commit.message)
        let lines = commit.message.split(separator: "\n").filter { $0.hasPrefix("- ") }
        guard !lines.isEmpty else { return true }
        let replaced = try self.replacedVersions(in: commit)
        for line in lines {
          let text = String(line.dropFirst(2))
          result.append(
            RecordedResolution(
              commit: commit.id.hex, time: time, device: device, text: text,
              restoreCommand: self.restoreCommand(for: text, in: commit, replaced: replaced)))
        }
        return true
      }
    } catch {
      throw .wrapping(error, during: "conflicts")
    }
    return result
  }

  /// For each parent of a merge, the ids of the bookmarks whose version there the merge
  /// replaced or dropped: a tree diff per parent, so only what changed is read.
  private func replacedVersions(in commit: Commit) throws(StoreError) -> [Set<String>] {
    var result: [Set<String>] = []
    for parent in commit.parents {
      let changes = try changes(from: try tree(ofCommit: parent), to: commit.tree)
      result.append(Set(changes.compactMap { $0.before?.id.rawValue }))
    }
    return result
  }

  /// `holder-git restore <id> --at <commit>^<n>` for the first parent whose version of the
  /// bookmark differs from what the merge kept.
  private func restoreCommand(for text: String, in commit: Commit, replaced: [Set<String>])
    -> String?
  {
    let prefix = String(text.prefix { $0 != " " }).lowercased()
    guard prefix.count == 8, prefix.allSatisfy(\.isHexDigit) else { return nil }
    guard let index = replaced.firstIndex(where: { ids in ids.contains { $0.hasPrefix(prefix) } })
    else { return nil }
    return "holder-git restore \(prefix) --at \(commit.id.hex.prefix(8))^\(index + 1)"
  }
}
