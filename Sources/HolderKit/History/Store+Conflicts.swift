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
        for line in commit.message.split(separator: "\n") where line.hasPrefix("- ") {
          let text = String(line.dropFirst(2))
          result.append(
            RecordedResolution(
              commit: commit.id.hex, time: time, device: device, text: text,
              restoreCommand: try self.restoreCommand(for: text, in: commit)))
        }
        return true
      }
    } catch {
      throw .wrapping(error, during: "conflicts")
    }
    return result
  }

  /// `holder-git restore <id> --at <commit>^<n>` for the parent whose version of the bookmark
  /// differs from what the merge kept.
  private func restoreCommand(for text: String, in commit: Commit) throws -> String? {
    let prefix = String(text.prefix { $0 != " " }).lowercased()
    guard prefix.count == 8, prefix.allSatisfy(\.isHexDigit) else { return nil }
    let merged = try TreeSnapshot(
      repository: repository, tree: commit.tree, fallbackSettings: settings)
    let kept = merged.bookmarks.first { $0.id.rawValue.hasPrefix(prefix) }
    for (index, parent) in commit.parents.enumerated() {
      let side = try TreeSnapshot(
        repository: repository, tree: try repository.commit(parent).tree,
        fallbackSettings: settings)
      guard let version = side.bookmarks.first(where: { $0.id.rawValue.hasPrefix(prefix) })
      else { continue }
      if version != kept {
        return "holder-git restore \(prefix) --at \(commit.id.hex.prefix(8))^\(index + 1)"
      }
    }
    return nil
  }
}
