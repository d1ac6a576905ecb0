/// One thing `check` found wrong with the store.
public struct CheckFinding: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is; the cases are listed in the order `check` reports them.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A link under `tags/` that points outside the store (reported first: it is a hazard).
    case tagViewLeavesStore = "tag view leaves the store"
    /// Something committed under `tags/`, which holder-git never commits (a hostile or old clone).
    case committedUnderTags = "committed under tags/"
    /// A bookmark file that cannot be read; never rewritten.
    case brokenFile = "broken file"
    /// A link or other entry under `bookmarks/` that is not a bookmark file.
    case notABookmarkFile = "not a bookmark file"
    /// A store written by an older holder-git, whose files may need moving.
    case olderFormat = "older store format"
    /// Two files with the same normalised URL.
    case duplicateURL = "URL saved twice"
    /// Two files with the same id (one copied by hand): neither can be named by it.
    case duplicateID = "id used twice"
    /// A file whose path is not the one its URL gives.
    case wrongPath = "path does not match URL"
    /// A valid file not in canonical form.
    case notCanonical = "not canonical"
    /// A link under `tags/` that points at the wrong file.
    case tagViewWrong = "tag view points elsewhere"
    /// A link under `tags/` that no bookmark calls for.
    case tagViewExtra = "extra tag view"
    /// A link a bookmark's tag calls for that is not there.
    case tagViewMissing = "missing tag view"
    /// A bookmark edited through `tags/`: a file saved in place of its link, not committed yet.
    case tagViewEdited = "bookmark edited through tags/"
    /// A file or other entry under `tags/` that is not a link.
    case tagViewNotALink = "not a link under tags/"
  }

  /// What kind of problem it is.
  public var kind: Kind
  /// The store-relative path the finding is about.
  public var path: String
  /// One line in git's style: what is wrong, then what to do.
  public var message: String
  /// True when `check --fix` can repair it without losing anything.
  public var isFixable: Bool
  /// What the repair does besides, one sentence each (tags merged into one spelling), for
  /// `check --fix` to say when it has done it.
  public var repairNotes: [String]

  /// Makes a finding.
  public init(
    kind: Kind, path: String, message: String, isFixable: Bool, repairNotes: [String] = []
  ) {
    self.kind = kind
    self.path = path
    self.message = message
    self.isFixable = isFixable
    self.repairNotes = repairNotes
  }

  /// The message.
  public var description: String { message }
}

/// What `check` found and, with `--fix`, what it repaired.
public struct CheckReport: Sendable {
  /// Every finding, in the order of `CheckFinding.Kind`.
  public var findings: [CheckFinding]
  /// With `--fix`: the findings that were repaired.
  public var fixed: [CheckFinding]
  /// With `--fix`: the findings still there afterwards (a broken file, a refused entry).
  public var remaining: [CheckFinding]
  /// Groups of near-duplicates (`NearDuplicate`), earliest created first: not wrong, since
  /// they can be different pages, but worth a look; `dedupe` merges a group.
  public var nearDuplicates: [[LocatedBookmark]]

  /// Makes a report.
  public init(
    findings: [CheckFinding], fixed: [CheckFinding] = [], remaining: [CheckFinding] = [],
    nearDuplicates: [[LocatedBookmark]] = []
  ) {
    self.findings = findings
    self.fixed = fixed
    self.remaining = remaining
    self.nearDuplicates = nearDuplicates
  }
}
