import Localization

// An XBEL bookmark read as an import entry: the helper program's reader (`XBELReader` in the
// HTML target) hands each one on as a `NetscapeItem`, and this gives it meaning; and how an
// XBEL file is told from the other formats (`XBELDetect`).

extension NetscapeItem {
  /// The attribute of the item that stands for a file that is not well-formed XML.
  static let xbelErrorAttribute = "holder-xbel-error"

  /// The item the XBEL reader hands on last when the file breaks off: where, and why.
  public static func xbelError(line: Int, message: String) -> NetscapeItem {
    NetscapeItem(href: "", title: "", attributes: [xbelErrorAttribute: message], line: line)
  }

  /// The entry this XBEL bookmark stands for, or why it is skipped.
  ///
  /// The folders it is in become one tag path, as a Netscape file's (same `--no-folders` and
  /// `--prefix`, the browsers' own folder names dropped); `<title>` the title, `<desc>` the
  /// note; `added` the creation time and `modified` the last change, in ISO 8601 (a date
  /// alone or a time without a zone read as UTC) or seconds since 1970. A date it cannot read
  /// is a warning on the entry.
  public func xbelResult(options: FolderOptions) -> Result<ImportEntry, ImportSkipReason> {
    if let message = attributes[Self.xbelErrorAttribute] {
      let why = message.isEmpty ? "" : " (\(message))"
      return .failure(
        .unreadable(
          Message(
            "line \(line): the file is not well-formed XML here\(why); nothing after it was read"
          ).english))
    }
    var entry = ImportEntry(
      url: href.trimmingSpacesAndNewlines(), title: NetscapeItem.oneLine(title),
      note: NetscapeItem.trimmedLines(description), line: line)
    if let tag = NetscapeFolders.tag(for: folders, options: options) { entry.tags.append(tag) }
    entry.created = date("added", warnings: &entry.warnings)
    entry.lastModified = date("modified", warnings: &entry.warnings)
    if let created = entry.created, let modified = entry.lastModified {
      entry.lastModified = max(created, modified)
    }
    return .success(entry)
  }

  /// The date of attribute `name`; nil, with a warning when it is there, when unreadable.
  private func date(_ name: String, warnings: inout [String]) -> Timestamp? {
    guard let text = attributes[name]?.trimmingSpaces(), !text.isEmpty else { return nil }
    if let time = XBELDate.parse(text) { return time }
    warnings.append(Message("the date \(name)=\"\(text)\" is not a date; it was left out").english)
    return nil
  }
}

/// The dates of XBEL's `added`, `modified` and `visited` attributes.
public enum XBELDate {
  /// The time `text` stands for: RFC 3339, an ISO 8601 time without a zone (UTC), a date
  /// alone (its midnight, UTC), or a number as `ImportDate` reads it; nil otherwise.
  public static func parse(_ text: String) -> Timestamp? {
    if let time = Timestamp(rfc3339: text) { return time }
    if text.utf8.count == 10, let time = Timestamp(rfc3339: text + "T00:00:00Z") { return time }
    if text.utf8.count >= 19, let time = Timestamp(rfc3339: text + "Z") { return time }
    return ImportDate.parse(text)
  }
}

/// Tells an XBEL file by its root element.
public enum XBELDetect {
  /// `.xbel` when `bytes` is XML (after a BOM and white space it starts with `<`) whose first
  /// kilobytes hold an `<xbel` element or the XBEL DOCTYPE.
  public static func format(_ bytes: [UInt8]) -> ImportFormat? {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
    let head = String(decoding: bytes[index..<min(bytes.count, index + 8192)], as: UTF8.self)
      .lowercased()
    return head.contains("<xbel") || head.contains("<!doctype xbel") ? .xbel : nil
  }
}
