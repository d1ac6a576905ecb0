import HolderCore
import SQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `holder-git-fetch firefox-places PATH`: a copy of Firefox's `places.sqlite` read
/// read-only, one `NetscapeItem` a line out (see `FirefoxPlaces`).
///
/// Here, not in holder-git, so that holder-git itself never loads libsqlite3, as it never
/// loads libxml2: the helper is started only by an import that asks for it. A file that is
/// not a places database is answered with one line and status 1: `{"error":"not-places"}`
/// for an SQLite file of another program, `{"error":"sqlite","detail":"…"}` with SQLite's
/// own words for a file it cannot read (holder-git words the message, in the user's
/// language).
enum PlacesLines {
  static func run(path: String) -> Never {
    let status = writeItems(path: path)
    exit(status)
  }

  // Apart from `run`, so that the database is closed before `exit`.
  private static func writeItems(path: String) -> Int32 {
    let rows: [[SQLiteValue]]
    do {
      let database = try ReadOnlyDatabase(path: path)
      guard try database.hasTable("moz_bookmarks"), try database.hasTable("moz_places") else {
        return fail("not-places")
      }
      rows = try database.rows(FirefoxPlaces.query(keywords: database.hasTable("moz_keywords")))
    } catch {
      return fail("sqlite", detail: error.message)
    }
    let items = FirefoxPlaces.items(rows.compactMap(row))
    var buffer = Data()
    for item in items {
      buffer.append(contentsOf: item.jsonLine)
      buffer.append(0x0A)
    }
    StandardOutput.write(buffer)
    return 0
  }

  /// A `FirefoxPlaces.query` answer as a row; nil for one without its three numbers.
  private static func row(_ values: [SQLiteValue]) -> FirefoxPlaces.Row? {
    guard values.count == 10, let id = values[0].integer, let type = values[1].integer,
      let parent = values[2].integer
    else { return nil }
    return FirefoxPlaces.Row(
      id: id, type: type, parent: parent, title: values[3].text, guid: values[4].text,
      url: values[5].text, pageTitle: values[6].text, dateAdded: values[7].integer,
      lastModified: values[8].integer, keyword: values[9].text)
  }

  private static func fail(_ code: String, detail: String? = nil) -> Int32 {
    var members: [(key: String, value: JSONValue)] = [("error", .string(code))]
    if let detail { members.append(("detail", .string(detail))) }
    let line = CompactJSONWriter.line(.value(.object(members)))
    StandardOutput.write(Data(line + [0x0A]))
    return 1
  }
}
