import Localization

/// Reads and writes `.holder/store.json` in canonical form.
///
/// Keys are written in this order: `formatVersion`, `tagOrder`, `tagRenames`
/// (each `{"from", "to", "at"}` in that order), `lastModified`, then unknown
/// keys sorted (see `CanonicalWriter`); unknown keys are kept at the top level
/// and inside each rename. `formatVersion` and `lastModified` are required;
/// a missing `tagOrder` or `tagRenames` reads as empty. Tags are checked with
/// `TagPath`. A newer `formatVersion` is read like any other: the store
/// decides what to do with it (`StoreSettings.isWritable`).
public enum StoreSettingsCodec {
  /// The keys the codec knows at the top level, in the order it writes them.
  public static let keys = ["formatVersion", "tagOrder", "tagRenames", "lastModified"]
  /// The keys the codec knows in a rename, in the order it writes them.
  public static let renameKeys = ["from", "to", "at"]

  /// The canonical bytes of `settings`.
  public static func encode(_ settings: StoreSettings) -> [UInt8] {
    let renames = settings.tagRenames.map { rename -> CanonicalWriter.Node in
      .object(
        known: [
          ("from", .value(.string(rename.from))), ("to", .value(.string(rename.to))),
          ("at", .value(.string(rename.at.rfc3339))),
        ],
        extra: rename.extra.filter { !renameKeys.contains($0.key) })
    }
    let known: [(key: String, value: CanonicalWriter.Node)] = [
      ("formatVersion", .value(.number(String(settings.formatVersion)))),
      ("tagOrder", .value(.array(settings.tagOrder.map(JSONValue.string)))),
      ("tagRenames", renames.isEmpty ? .value(.array([])) : .array(renames)),
      ("lastModified", .value(.string(settings.lastModified.rfc3339))),
    ]
    return CanonicalWriter.document(
      .object(known: known, extra: settings.extra.filter { !keys.contains($0.key) }))
  }

  /// Reads a settings file; `file` is the path to name in errors.
  public static func decode(_ bytes: [UInt8], file: String) throws(CodecError) -> StoreSettings {
    try JSONContent.decode(bytes, file: file, settings(from:))
  }

  /// True when `bytes` is a settings file exactly as `encode` writes it.
  public static func isCanonical(_ bytes: [UInt8]) -> Bool {
    guard let settings = try? decode(bytes, file: "") else { return false }
    return encode(settings) == bytes
  }

  static func settings(from value: JSONValue) throws(JSONContentError) -> StoreSettings {
    let members = try JSONContent.document(
      value, else: Message("expected an object for the store settings"))
    var formatVersion: Int?
    var tagOrder: [String] = []
    var tagRenames: [StoreSettings.TagRename] = []
    var lastModified: Timestamp?
    var extra: [String: JSONValue] = [:]
    for (key, value) in members {
      switch key {
      case "formatVersion":
        guard case .number(let text) = value, let version = Int(text), version > 0 else {
          throw JSONContent.wrongType(.positiveInteger, parent: [], key: .key(key), name: key)
        }
        formatVersion = version
      case "tagOrder": tagOrder = try JSONContent.tags(value, parent: [], key: key, name: key)
      case "tagRenames": tagRenames = try renames(from: value)
      case "lastModified":
        lastModified = try JSONContent.timestamp(value, parent: [], key: key, name: key)
      default: extra[key] = value
      }
    }
    guard let formatVersion else { throw JSONContent.missing("formatVersion", in: []) }
    guard let lastModified else { throw JSONContent.missing("lastModified", in: []) }
    return StoreSettings(
      formatVersion: formatVersion, tagOrder: tagOrder, tagRenames: tagRenames,
      lastModified: lastModified, extra: extra)
  }

  static func renames(from value: JSONValue) throws(JSONContentError) -> [StoreSettings.TagRename] {
    guard case .array(let elements) = value else {
      throw JSONContent.wrongType(
        .renames, parent: [], key: .key("tagRenames"), name: "tagRenames")
    }
    var renames: [StoreSettings.TagRename] = []
    for (index, element) in elements.enumerated() {
      let path: [JSONPathComponent] = [.key("tagRenames"), .index(index)]
      let members = try JSONContent.object(
        element, parent: [.key("tagRenames")], key: .index(index), name: "tagRenames")
      var from: String?
      var to: String?
      var at: Timestamp?
      var extra: [String: JSONValue] = [:]
      for (key, value) in members {
        switch key {
        case "from": from = try JSONContent.tag(value, at: { path + [.key(key)] }, name: key)
        case "to": to = try JSONContent.tag(value, at: { path + [.key(key)] }, name: key)
        case "at": at = try JSONContent.timestamp(value, parent: path, key: key, name: key)
        default: extra[key] = value
        }
      }
      guard let from else { throw JSONContent.missing("from", in: path) }
      guard let to else { throw JSONContent.missing("to", in: path) }
      guard let at else { throw JSONContent.missing("at", in: path) }
      renames.append(StoreSettings.TagRename(from: from, to: to, at: at, extra: extra))
    }
    return renames
  }
}
