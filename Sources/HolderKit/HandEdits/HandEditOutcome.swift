import HolderCore

/// What `commit` took in: the hand edits committed, and the files it left alone.
public struct HandEditOutcome: Sendable {
  /// The bookmarks committed as edited by hand, as they are now.
  public var edited: [LocatedBookmark]
  /// The paths of bookmark files deleted by hand, committed as deletions.
  public var deleted: [String]
  /// True when `.holder/store.json` was edited by hand and committed.
  public var settingsEdited: Bool
  /// Broken or refused files: reported, untouched, never committed.
  public var problems: [StoreProblem]
  /// What taking the edits in did to tags as written (case variants merged), as
  /// `'path': note`.
  public var notes: [String] = []
  /// Bookmarks whose files were moved by hand and are back at the paths their URLs give, with
  /// nothing else changed: nothing was committed for them.
  public var movedBack: [LocatedBookmark] = []

  public init(
    edited: [LocatedBookmark] = [], deleted: [String] = [], settingsEdited: Bool = false,
    problems: [StoreProblem] = []
  ) {
    self.edited = edited
    self.deleted = deleted
    self.settingsEdited = settingsEdited
    self.problems = problems
  }

  /// True when nothing was committed.
  public var isEmpty: Bool { edited.isEmpty && deleted.isEmpty && !settingsEdited }
}
