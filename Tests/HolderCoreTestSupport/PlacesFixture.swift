import Foundation

// Firefox `places.sqlite` files for the import's tests, written with the sqlite3 program.

/// A Firefox profile's bookmark database, built from Mozilla's documented Places schema
/// (`moz_places`, `moz_bookmarks`, `moz_keywords`; only the columns the import reads and those
/// Firefox requires of a row), never copied from a real profile.
public enum PlacesFixture {
  /// The tables, and the root with Firefox's six built-in folders (their guids are fixed).
  public static let schema = """
    CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR,
      rev_host LONGVARCHAR, visit_count INTEGER DEFAULT 0, guid TEXT UNIQUE);
    CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL,
      parent INTEGER, position INTEGER, title LONGVARCHAR, keyword_id INTEGER,
      folder_type TEXT, dateAdded INTEGER, lastModified INTEGER, guid TEXT UNIQUE);
    CREATE TABLE moz_keywords (id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE,
      place_id INTEGER, post_data TEXT);
    INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES
      (1, 2, 0, 0, '', 'root________'), (2, 2, 1, 0, 'menu', 'menu________'),
      (3, 2, 1, 1, 'toolbar', 'toolbar_____'), (4, 2, 1, 2, 'tags', 'tags________'),
      (5, 2, 1, 3, 'unfiled', 'unfiled_____'), (6, 2, 1, 4, 'mobile', 'mobile______');

    """

  /// Korean and Japanese titles, nested folders in the toolbar, tags (in the tags root), a
  /// keyword, a `place:` query, a URL bookmarked twice, a bookmark without a title and a
  /// separator. What it should become:
  ///
  /// - `https://swift.org/` "Swift 언어": tags `개발/言語` and `프로그래밍`, keyword `sw`,
  ///   added 2023-11-14T22:13:20Z (and again, untitled, in the mobile folder);
  /// - `https://www.mozilla.org/ko/` "모질라" in the menu: no tag;
  /// - `https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC` "東京" (unfiled): tags `日本`,
  ///   `프로그래밍`;
  /// - `https://example.com/untitled`: tag `개발`, no title of its own or its page's;
  /// - `place:sort=8&maxResults=10`: skipped, browser-internal.
  public static let sample = """
    INSERT INTO moz_places (id, url, title, guid) VALUES
      (1, 'https://www.mozilla.org/ko/', 'Mozilla 한국어', 'p1'),
      (2, 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC', '東京 - Wikipedia', 'p2'),
      (3, 'https://swift.org/', 'Swift.org', 'p3'),
      (4, 'place:sort=8&maxResults=10', 'Most Visited', 'p4'),
      (5, 'https://example.com/untitled', NULL, 'p5');
    INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid)
    VALUES
      (10, 2, NULL, 3, 0, '개발', 1600000000000000, 1600000000000000, 'f10'),
      (11, 2, NULL, 10, 0, '言語', 1600000000000000, 1600000000000000, 'f11'),
      (20, 1, 3, 11, 0, 'Swift 언어', 1700000000000000, 1700000100000000, 'b20'),
      (21, 1, 1, 2, 0, '모질라', 1600000000000000, 1600000000000000, 'b21'),
      (25, 3, NULL, 2, 1, NULL, 1600000000000000, 1600000000000000, 's25'),
      (22, 1, 2, 5, 0, '東京', 1650000000000000, 1650000000000000, 'b22'),
      (23, 1, 4, 3, 1, 'Most Visited', 1600000000000000, 1600000000000000, 'b23'),
      (24, 1, 3, 6, 0, NULL, 1710000000000000, 1710000000000000, 'b24'),
      (26, 1, 5, 10, 1, NULL, 1600000000000000, 1600000000000000, 'b26'),
      (30, 2, NULL, 4, 0, '프로그래밍', 1600000000000000, 1600000000000000, 't30'),
      (31, 2, NULL, 4, 1, '日本', 1600000000000000, 1600000000000000, 't31'),
      (32, 1, 3, 30, 0, NULL, 1600000000000000, 1600000000000000, 'r32'),
      (33, 1, 2, 31, 0, NULL, 1600000000000000, 1600000000000000, 'r33'),
      (34, 1, 2, 30, 1, NULL, 1600000000000000, 1600000000000000, 'r34');
    INSERT INTO moz_keywords (keyword, place_id) VALUES ('sw', 3);

    """

  /// A bookmark added after `sample`, which a test keeps in the `-wal` file only.
  public static let recent = """
    INSERT INTO moz_places (id, url, title, guid) VALUES (6, 'https://wal.example/最近', '최근', 'p6');
    INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, lastModified, guid)
    VALUES (40, 1, 6, 2, 2, '최근 북마크', 1720000000000000, 1720000000000000, 'b40');

    """

  /// Runs `sql` on a new database at `path` with the sqlite3 program.
  public static func write(_ sql: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let result = try runProcess(
      "/usr/bin/env", ["sqlite3", "-bail", path], cwd: nil, env: nil, stdin: Array(sql.utf8))
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["sqlite3", path], status: result.status, stderr: result.stderr)
    }
  }

  /// `schema` and `sample` at `path`, then `recent` written in WAL mode and copied, with its
  /// `-wal` file, to `copy` while the database is open: the copy's main file lacks `recent`,
  /// as a running Firefox's does.
  public static func writeWithRecentInLog(at path: String, copy: String) throws {
    try FileManager.default.createDirectory(
      atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try write(
      """
      PRAGMA journal_mode=WAL;
      PRAGMA wal_autocheckpoint=0;
      \(schema)\(sample)
      PRAGMA wal_checkpoint(TRUNCATE);
      \(recent)
      .system cp '\(path)' '\(copy)'
      .system cp '\(path)-wal' '\(copy)-wal'

      """, to: path)
  }
}
