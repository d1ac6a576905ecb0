/// What one command changes: files written or removed, and the sentence for its commit.
///
/// DESIGN §4: every change is one commit containing only this change, with a
/// message that names what changed in words.
public struct Change: Sendable {
  /// The commit message: a one-line sentence, optionally followed by a blank line and a body.
  public var message: String
  /// Store-relative path → the file's new bytes.
  public var writes: [String: [UInt8]]
  /// Store-relative paths to delete.
  public var removals: Set<String>
  /// The tags of bookmark files this change writes or removes, as they were, where the
  /// command read them already; the transaction reads the others from HEAD.
  var tagsBefore: [String: [String]] = [:]
  /// The tags of bookmark files this change writes, where the command knows them; the
  /// transaction decodes the others from their bytes.
  var tagsAfter: [String: [String]] = [:]

  /// More files than this make a bulk change: written without an fsync each, and made
  /// durable by one file-system sync before the branch moves (DESIGN §4).
  public static let bulkThreshold = 32

  /// True when this change is written as a bulk.
  public var isBulk: Bool { writes.count + removals.count > Change.bulkThreshold }

  public init(message: String, writes: [String: [UInt8]] = [:], removals: Set<String> = []) {
    self.message = message
    self.writes = writes
    self.removals = removals
  }
}
