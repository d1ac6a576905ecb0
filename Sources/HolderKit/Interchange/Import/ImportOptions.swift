import HolderCore

/// How `Store.importBookmarks` reads a file and what it may change.
public struct ImportOptions: Sendable {
  /// The file's format; nil: detected from its first character.
  public var format: ImportFormat?
  /// Shows the report, writes nothing.
  public var dryRun: Bool
  /// Folders as tags, and the prefix in front of them.
  public var folders: FolderOptions
  /// Brings back URLs deleted from the store since (skipped otherwise).
  public var includeDeleted: Bool
  /// Keep every entry's line in the report (for `--verbose` and `--json`), not only the
  /// skipped ones.
  public var recordEveryLine: Bool
  /// The file's name, for the commit message.
  public var sourceName: String
  /// The `-wal` file beside a `places.sqlite` (`firefoxPlaces`): what a running Firefox has
  /// written and not yet moved into the database.
  public var writeAheadLog: [UInt8]?

  public init(
    format: ImportFormat? = nil, dryRun: Bool = false, folders: FolderOptions = FolderOptions(),
    includeDeleted: Bool = false, recordEveryLine: Bool = false, sourceName: String = "a file",
    writeAheadLog: [UInt8]? = nil
  ) {
    self.writeAheadLog = writeAheadLog
    self.format = format
    self.dryRun = dryRun
    self.folders = folders
    self.includeDeleted = includeDeleted
    self.recordEveryLine = recordEveryLine
    self.sourceName = sourceName
  }
}

/// What happened to one entry of an import file.
public enum ImportOutcome: Hashable, Sendable, Codable {
  case added, merged, unchanged
  case skipped(ImportSkipReason)

  /// The word for reports and `--json`.
  public var word: String {
    switch self {
    case .added: "added"
    case .merged: "merged"
    case .unchanged: "unchanged"
    case .skipped: "skipped"
    }
  }
}

/// One entry of the file and what became of it.
public struct ImportLine: Hashable, Sendable, Codable {
  /// The line (Netscape, JSON Lines) or record number (JSON) in the file.
  public var line: Int
  /// The URL as the file has it.
  public var url: String
  public var outcome: ImportOutcome
  /// The bookmark's path, when the URL could be read.
  public var path: String?
}

/// Something of an entry the import could not read and left out or replaced (an
/// unreadable date): the entry itself was read.
public struct ImportWarning: Hashable, Sendable, Codable {
  /// The line (or record number) of the entry in the file.
  public var line: Int
  /// The URL as the file has it.
  public var url: String
  /// One English sentence (`ADD_DATE "abc" is not a date: …`).
  public var message: String

  public init(line: Int, url: String, message: String) {
    self.line = line
    self.url = url
    self.message = message
  }
}

/// The result of an import: counts per outcome, and the lines behind them.
public struct ImportReport: Sendable, Codable, Equatable {
  public var format: ImportFormat
  public var dryRun: Bool
  public var added = 0
  public var merged = 0
  public var unchanged = 0
  /// Every skipped entry with its reason, in file order.
  public var skipped: [ImportLine] = []
  /// Every entry, in file order, when `recordEveryLine` was asked for (else empty).
  public var lines: [ImportLine] = []
  /// The commit made, nil when nothing changed or on a dry run.
  public var commit: String?
  /// Tags the file spells in more than one case, one sentence each naming the one kept.
  public var tagNotes: [String] = []
  /// What of the entries could not be read (each entry's `warnings`), in file order.
  public var warnings: [ImportWarning] = []

  /// Skipped entries per reason code (`deleted`, `browser-internal`…).
  public var skippedByReason: [String: Int] {
    var counts: [String: Int] = [:]
    for line in skipped {
      if case .skipped(let reason) = line.outcome { counts[reason.code, default: 0] += 1 }
    }
    return counts
  }
}
