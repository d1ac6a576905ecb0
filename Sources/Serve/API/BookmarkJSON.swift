// A bookmark as linkding's API shows it, and what linkding's fields become in holder-git:
// `notes` is the note, `description` and the website fields the page's own (fetched)
// description and title, `unread` the tag `toread` (as every import makes a service's unread
// flag), `is_archived` the tag `linkding:bookmarks.archived` (what a linkding export's archived
// bookmarks bring in). Those two tags are flags here, never in `tag_names`. `shared` is always
// false: holder-git shows no one else a bookmark.
import HolderCore
import HolderKit

enum BookmarkJSON {
  /// The tag that `unread: true` is.
  static let unreadTag = "toread"
  /// The tag that `is_archived: true` is.
  static let archivedTag = "linkding:bookmarks.archived"

  static func isUnread(_ bookmark: Bookmark) -> Bool { has(bookmark.tags, unreadTag) }

  static func isArchived(_ bookmark: Bookmark) -> Bool { has(bookmark.tags, archivedTag) }

  /// The tags a client sees: all but the two that are flags.
  static func tagNames(_ tags: [String]) -> [String] {
    tags.filter { !isFlag($0) }
  }

  /// True for the tags that `unread` and `is_archived` show.
  static func isFlag(_ tag: String) -> Bool {
    let key = Bookmark.tagKey(tag)
    return key == Bookmark.tagKey(unreadTag) || key == Bookmark.tagKey(archivedTag)
  }

  /// `tags` with the flag tags set as asked (nil: as they are).
  static func tags(_ tags: [String], unread: Bool?, archived: Bool?) -> [String] {
    var result = tags
    for (flag, on) in [(unreadTag, unread), (archivedTag, archived)] {
      guard let on else { continue }
      result.removeAll { Bookmark.tagKey($0) == Bookmark.tagKey(flag) }
      if on { result.append(flag) }
    }
    return result
  }

  private static func has(_ tags: [String], _ tag: String) -> Bool {
    tags.contains { Bookmark.tagKey($0) == Bookmark.tagKey(tag) }
  }

  /// The bookmark's JSON object, in linkding's field order.
  static func node(_ bookmark: Bookmark) -> CanonicalWriter.Node {
    let page = bookmark.metadata
    func text(_ value: String?) -> CanonicalWriter.Node {
      .value(value.map(JSONValue.string) ?? .null)
    }
    return .object(
      known: [
        ("id", .value(.number(String(APIID.of(bookmark.id))))),
        ("url", text(bookmark.url)),
        ("title", text(bookmark.title)),
        ("description", text(page?.description ?? "")),
        ("notes", text(bookmark.note)),
        ("web_archive_snapshot_url", text(archiveURL(bookmark))),
        ("favicon_url", text(page?.icon)),
        ("preview_image_url", text(page?.image)),
        ("is_archived", .value(.bool(isArchived(bookmark)))),
        ("unread", .value(.bool(isUnread(bookmark)))),
        ("shared", .value(.bool(false))),
        ("tag_names", .value(.array(tagNames(bookmark.tags).map(JSONValue.string)))),
        ("date_added", text(bookmark.created.rfc3339)),
        ("date_modified", text(bookmark.lastModified.rfc3339)),
        ("website_title", text(page?.title)),
        ("website_description", text(page?.description)),
      ], extra: [:])
  }

  /// The Wayback Machine's copy nearest the day it was saved, as linkding links it when it
  /// made no snapshot itself; nil for a link that is not a web page.
  static func archiveURL(_ bookmark: Bookmark) -> String? {
    guard bookmark.url.hasPrefix("http://") || bookmark.url.hasPrefix("https://") else {
      return nil
    }
    let stamp = bookmark.created.rfc3339.prefix(19).filter(\.isNumber)
    return "https://web.archive.org/web/\(stamp)/\(bookmark.url)"
  }
}
