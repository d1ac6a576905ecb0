/// The store-wide settings kept in `.holder/store.json`.
///
/// DESIGN §1: the format version, the tags the user placed in an order (the
/// rest follow alphabetically), the log of tag renames, and the file's own
/// `lastModified`. A store whose `formatVersion` is higher than
/// `currentFormatVersion` may be read but must not be written.
public struct StoreSettings: Hashable, Sendable {
  /// The format this holder-git reads and writes.
  ///
  /// Any change to URL normalisation, the path function or the canonical
  /// writer bumps it, so two versions never move files back and forth.
  public static let currentFormatVersion = 2

  /// The format the store was written in.
  public var formatVersion: Int
  /// Tags in the user's order; tags not listed follow alphabetically.
  public var tagOrder: [String]
  /// Every tag rename, oldest first, so a merge can map tags through them.
  public var tagRenames: [TagRename]
  /// When the settings last changed.
  public var lastModified: Timestamp
  /// Top-level keys the codec does not know, kept as written.
  public var extra: [String: JSONValue]

  /// Makes settings; a new store uses the current format version.
  public init(
    formatVersion: Int = StoreSettings.currentFormatVersion, tagOrder: [String] = [],
    tagRenames: [TagRename] = [], lastModified: Timestamp, extra: [String: JSONValue] = [:]
  ) {
    self.formatVersion = formatVersion
    self.tagOrder = tagOrder
    self.tagRenames = tagRenames
    self.lastModified = lastModified
    self.extra = extra
  }

  /// True when this holder-git may write the store (its format is not newer than ours).
  public var isWritable: Bool {
    formatVersion <= StoreSettings.currentFormatVersion
  }

  /// One rename of a tag, as recorded in `tagRenames`.
  public struct TagRename: Hashable, Sendable {
    /// The tag's old path.
    public var from: String
    /// The tag's new path.
    public var to: String
    /// When the rename was made.
    public var at: Timestamp
    /// Keys of the rename object the codec does not know, kept as written.
    public var extra: [String: JSONValue]

    /// Makes a rename record.
    public init(from: String, to: String, at: Timestamp, extra: [String: JSONValue] = [:]) {
      self.from = from
      self.to = to
      self.at = at
      self.extra = extra
    }
  }
}
