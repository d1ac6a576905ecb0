/// What holder-git's own Netscape export adds to each `<A>` so that it re-imports exactly:
/// `HOLDER_ID`, `HOLDER_CREATED`, `HOLDER_LAST_MODIFIED` (RFC 3339), `HOLDER_FAVORITE`, and
/// `HOLDER_JSON` for the fields HTML cannot carry (see `NetscapeWriter` on the export side).
extension NetscapeItem {
  /// The bookmark exactly as exported, when the link carries `HOLDER_ID`; nil otherwise
  /// (or when the attributes are damaged: the link is then read as any browser's).
  ///
  /// Tags come from `TAGS` (or `HOLDER_JSON`), never from the folders, which the export
  /// writes once per tag.
  func holderEntry() -> ImportEntry? {
    guard let id = attributes["holder_id"], BookmarkID(id) != nil,
      let created = attributes["holder_created"], Timestamp(rfc3339: created) != nil,
      let modified = attributes["holder_last_modified"], Timestamp(rfc3339: modified) != nil
    else { return nil }
    let tags = TagText.commaSeparated(attributes["tags"] ?? "").map { JSONValue.string($0) }
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(id)), ("url", .string(href.trimmingCharacters(in: .whitespacesAndNewlines))),
      ("title", .string(NetscapeItem.oneLine(title))),
      ("note", .string(NetscapeItem.trimmedLines(description))), ("tags", .array(tags)),
      ("favorite", .bool(attributes["holder_favorite"] == "true")),
      ("created", .string(created)), ("lastModified", .string(modified)),
    ]
    if let json = attributes["holder_json"] {
      guard case .object(let exact)? = try? JSONReader.read(Array(json.utf8), file: "HOLDER_JSON")
      else { return nil }
      for member in exact {
        if let index = members.firstIndex(where: { $0.key == member.key }) {
          members[index].value = member.value
        } else {
          members.append(member)
        }
      }
    }
    if case .string(let note)? = members.first(where: { $0.key == "note" })?.value, note.isEmpty {
      members.removeAll { $0.key == "note" }
    }
    guard let bookmark = try? BookmarkCodec.bookmark(from: .object(members)) else { return nil }
    return ImportEntry(bookmark: bookmark, line: line)
  }
}
