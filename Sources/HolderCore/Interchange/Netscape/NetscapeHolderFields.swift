import Localization

/// Reads back a link that `NetscapeWriter` wrote: the exact bookmark, from its `HOLDER_*`
/// attributes and what browsers read.
///
/// For an importer: a link with `HOLDER_ID` is holder-git's own, so it becomes this
/// bookmark as it was (id, times to the millisecond, favourite, metadata, unknown fields),
/// and its tags come from `TAGS` / `HOLDER_JSON`, not from the folders it sits in.
public enum NetscapeHolderFields {
  /// The bookmark of one `<A>`, or nil when it has no `HOLDER_ID` (a browser's own link).
  ///
  /// `attributes` are the `<A>`'s, names in any case, entities decoded; `title` is the
  /// link text and `note` the text of the `<DD>` after it (both trimmed here). Throws when
  /// the holder-git attributes are there but do not make a bookmark (a damaged file).
  public static func bookmark(attributes: [String: String], title: String, note: String)
    throws(CodecError) -> Bookmark?
  {
    var named: [String: String] = [:]
    for (name, value) in attributes { named[name.uppercased()] = value }
    guard let id = named[NetscapeWriter.Attribute.id] else { return nil }
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(id)),
      ("url", .string(named["HREF"] ?? "")),
      ("title", .string(trimmed(title))),
      ("tags", .array(tags(named["TAGS"] ?? ""))),
      ("favorite", .bool(named[NetscapeWriter.Attribute.favorite] == "true")),
      ("created", named[NetscapeWriter.Attribute.created].map(JSONValue.string) ?? .null),
      (
        "lastModified",
        named[NetscapeWriter.Attribute.lastModified].map(JSONValue.string) ?? .null
      ),
    ]
    let shownNote = trimmed(note)
    if !shownNote.isEmpty { members.append(("note", .string(shownNote))) }
    if let json = named[NetscapeWriter.Attribute.json] {
      let file = NetscapeWriter.Attribute.json + " of " + id
      guard case .object(let exact) = try JSONReader.read(Array(json.utf8), file: file) else {
        throw .content(
          file: file, line: 1, column: 1, message: Message("expected an object").english)
      }
      // Its fields win over the HTML ones.
      members = members.filter { member in !exact.contains { $0.key == member.key } } + exact
    }
    let object = CanonicalWriter.document(.value(.object(members)))
    return try BookmarkJSONObject.decodeObject(object, file: "link " + id)
  }

  /// The tags of a `TAGS` attribute, split at every `,` scalar.
  private static func tags(_ text: String) -> [JSONValue] {
    text.unicodeScalars.split(separator: ",").map { JSONValue.string(String($0)) }
  }

  private static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
