/// Which commit `undo` takes back and which `redo` puts back, read from the history alone.
///
/// Owns the rule, not the walk: the store walks its commits newest first and shows each one
/// here, so every clone with the same history agrees (nothing is kept outside the commits).
/// The rule is an editor's undo and redo stacks: a change goes on the undo stack and empties
/// the redo stack; `undo` takes the latest change not yet taken back (a redo counts as a
/// change again); `redo` puts back what the latest undo took, until a new change is made.
public struct UndoScan: Sendable {
  /// What one commit is to undo and redo, from its trailers.
  public enum Role: Hashable, Sendable {
    /// A change a command made, or any commit that is neither of the others.
    case change
    /// An undo: it took back the change (or redo) made by this commit.
    case undo(of: String)
    /// A redo: it put back what this undo commit took.
    case redo(of: String)
    /// A merge of two histories (a sync): neither a change nor a step; passed over.
    case merge
    /// The store's first commit: nothing before it can be taken back.
    case root
  }

  /// Which stack the scan reads.
  public enum Goal: Sendable {
    case undo
    case redo
  }

  public let goal: Goal
  /// The commit found, nil while scanning or when there is none.
  ///
  /// For `undo` a change or redo to take back, for `redo` an undo to take back.
  public private(set) var found: String?
  /// True once the answer is known (`found` may still be nil: nothing to do).
  public private(set) var isFinished = false
  /// Commits a later commit already took back (by an undo, or for `redo` by a redo).
  private var cancelled: Set<String> = []

  public init(_ goal: Goal) {
    self.goal = goal
  }

  /// Shows the next older commit; call until `isFinished`.
  public mutating func visit(_ id: String, _ role: Role) {
    guard !isFinished else { return }
    switch (goal, role) {
    case (_, .root):
      isFinished = true
    case (_, .merge):
      break
    case (.undo, .undo(let target)), (.redo, .redo(let target)):
      cancelled.insert(target)
    case (.undo, .change), (.undo, .redo), (.redo, .undo):
      if !cancelled.contains(id) { finish(id) }
    case (.redo, .change):
      // A new change empties the redo stack: what was undone before it stays undone.
      isFinished = true
    }
  }

  private mutating func finish(_ id: String) {
    found = id
    isFinished = true
  }
}
