// Pocket's HTML export (`ril_export.html`): how it is recognised and what its links become.

/// Pocket's HTML export, read by the Netscape reader (it has links, and `<h1>` sections in
/// place of folders) and given meaning here.
///
/// Pocket (closed in July 2025) exported `ril_export.html`, titled "Pocket Export": an
/// `<h1>Unread</h1>` and an `<h1>Read Archive</h1>`, each followed by a `<ul>` of
/// `<li><a href="…" time_added="…" tags="a,b">title</a></li>`. `time_added` is seconds since
/// 1970 and becomes the creation time; `tags` are comma-separated; a link in the Unread
/// section gets the tag `toread`, as Pinboard's `TOREAD="1"` does in a Netscape file. When
/// Pocket knew no title it wrote the address, which is left for holder-git's own default.
public enum PocketHTML {
  /// The section of the export that holds what was not read yet.
  public static let unreadSection = "Unread"

  /// True when `bytes` (the file from its first character) is Pocket's HTML export: its
  /// title, or a `time_added` attribute in a file of `<ul>` lists.
  public static func isExport(_ bytes: ArraySlice<UInt8>) -> Bool {
    let head = String(decoding: bytes.prefix(65_536), as: UTF8.self).lowercased()
    if head.contains("<title>pocket export</title>") { return true }
    return head.contains("time_added=") && head.contains("<ul") && !head.contains("<dl")
  }

  /// The entry one link of the export stands for.
  public static func entry(_ item: NetscapeItem) -> ImportEntry {
    var tags = TagText.commaSeparated(item.attributes["tags"] ?? "").compactMap(TagText.tag)
    if item.section?.lowercased() == unreadSection.lowercased() { tags.append("toread") }
    var warnings: [String] = []
    let created = ImportDate.read(
      item.attributes, "time_added", shownAs: "time_added", warnings: &warnings)
    let url = item.href.trimmingSpacesAndNewlines()
    let title = NetscapeItem.oneLineText(item.title)
    var entry = ImportEntry(
      url: url, title: title == url ? "" : title, note: NetscapeItem.trimmedLines(item.description),
      tags: tags, created: created, line: item.line)
    entry.warnings = warnings
    return entry
  }
}
