// A Netscape link that holder-git's own export wrote, read back as the exact bookmark.

extension NetscapeItem {
  /// The bookmark exactly as holder-git's own Netscape export wrote it (`HOLDER_ID` and the
  /// other `HOLDER_*` attributes, read by `NetscapeHolderFields`), or nil for a browser's
  /// link — and for a link whose holder-git attributes are damaged, which is then read as
  /// any browser's rather than lost.
  ///
  /// Tags come from `TAGS` (or `HOLDER_JSON`), never from the folders, which the export
  /// writes once per tag.
  func holderEntry() -> ImportEntry? {
    guard
      let bookmark = try? NetscapeHolderFields.bookmark(
        attributes: attributes, title: title, note: description)
    else { return nil }
    return ImportEntry(bookmark: bookmark, line: line)
  }
}
