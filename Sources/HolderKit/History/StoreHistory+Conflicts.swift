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
  /// The bookmark's id prefix, as the text starts with it (nil when it does not).
  public var bookmark: String?
  /// The revision holding the side that lost (`<merge>^<n>`), for `restore … --at`.
  public var restoreRevision: String?
  /// The bookmark as the merge kept it (nil: the merge deleted it).
  public var kept: Bookmark?
  /// The bookmark as the side that lost had it (nil: that side had deleted it).
  public var lost: Bookmark?
  /// The one field the decision was about (`note`), when it was about one field: restoring
  /// brings back that field alone.
  public var field: String?
}

extension StoreHistory {
  /// See `Store.conflicts`.
  func conflicts(since: Timestamp? = nil, limit: Int? = nil) throws(StoreError)
    -> [RecordedResolution]
  {
    guard let head = try store.commitReader.currentHead() else { return [] }
    var result: [RecordedResolution] = []
    do {
      try store.repository.walkCommits(from: head) { commit in
        if let limit, result.count >= limit { return false }
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
          var resolution = RecordedResolution(
            commit: commit.id.hex, time: time, device: device, text: text)
          self.findLosingSide(of: &resolution, replaced: replaced)
          result.append(resolution)
        }
        return true
      }
    } catch {
      throw .wrapping(error, during: "conflicts")
    }
    return limit.map { Array(result.prefix($0)) } ?? result
  }

  /// For each parent of a merge, the bookmarks whose version there the merge replaced or
  /// dropped, by id: a tree diff per parent, so only what changed is read.
  private func replacedVersions(in commit: Commit) throws(StoreError) -> [[String: BookmarkChange]]
  {
    var result: [[String: BookmarkChange]] = []
    for parent in commit.parents {
      let changes = try store.commitReader.changes(
        from: try store.commitReader.tree(ofCommit: parent), to: commit.tree)
      var byID: [String: BookmarkChange] = [:]
      for change in changes {
        if let id = change.before?.id.rawValue { byID[id] = change }
      }
      result.append(byID)
    }
    return result
  }

  /// Fills in the bookmark, both sides and the restore of the one that lost: the first
  /// parent whose version differs from what the merge kept — in the decision's field, when
  /// it was about one (both parents differ from a merge that united their tags)
  /// (`holder-git restore <id> --at <commit>^<n> [--field <field>]`).
  private func findLosingSide(
    of resolution: inout RecordedResolution, replaced: [[String: BookmarkChange]]
  ) {
    let prefix = Resolution.split(summary: resolution.text).prefix.dropLast().lowercased()
    guard !prefix.isEmpty else { return }
    resolution.bookmark = prefix
    let field = Self.field(of: resolution.text)
    for (index, changes) in replaced.enumerated() {
      guard let change = changes.first(where: { $0.key.hasPrefix(prefix) })?.value else {
        continue
      }
      if let field, let before = change.before, let after = change.after,
        before.agrees(with: after, on: field)
      {
        continue
      }
      resolution.restoreRevision = "\(resolution.commit)^\(index + 1)"
      var command = "holder-git restore \(prefix) --at \(resolution.commit.prefix(8))^\(index + 1)"
      resolution.lost = change.before
      resolution.kept = change.after
      if let field, change.before != nil, change.after != nil {
        resolution.field = field
        command += " --field " + SyncEngine.shellWord(field)
      }
      resolution.restoreCommand = command
      return
    }
  }

  /// The field a `"<title>" <field>: kept … over …` line is about; nil for other decisions.
  static func field(of text: String) -> String? {
    guard let kept = text.ranges(of: ": kept ").last else { return nil }
    let head = text[..<kept.lowerBound]
    guard let quote = head.ranges(of: "\" ").last else { return nil }
    let field = String(head[quote.upperBound...])
    return field.isEmpty ? nil : field
  }
}
