import Localization

// A CSV file whose first record names its columns, as every service's export has: fields found
// by column name, the formats told apart by their header rows (`CSVTable.detect`).

/// The records of a CSV file with a header row, their fields looked up by column name.
public struct CSVTable: Sendable {
  /// Column names as the header writes them, lowercased and trimmed, to their positions.
  public let columns: [String: Int]
  /// How many columns the header names.
  public let width: Int
  /// The records after the header, in file order.
  public let records: [Result<CSVReader.Record, CSVReader.Malformed>]

  /// The table of `bytes`; nil when the file has no readable header row.
  public init?(_ bytes: [UInt8]) {
    var records = CSVReader.records(bytes)[...]
    guard case .success(let header)? = records.first else { return nil }
    records = records.dropFirst()
    self.columns = Self.columns(of: header.fields)
    self.width = header.fields.count
    self.records = Array(records)
  }

  /// The field of `record` in column `name` (lowercase); nil when the header has no such
  /// column, "" when the record is shorter than the header.
  public func field(_ name: String, of record: CSVReader.Record) -> String? {
    guard let position = columns[name] else { return nil }
    return position < record.fields.count ? record.fields[position] : ""
  }

  /// The columns of `wanted` the header does not name.
  public func missing(_ wanted: [String]) -> [String] {
    wanted.filter { columns[$0] == nil }
  }

  /// What every format says about a record whose length is not the header's, so that no
  /// field goes unmentioned.
  public func lengthWarning(_ record: CSVReader.Record) -> String? {
    let count = record.fields.count
    if count > width {
      return Message(
        "the record has \(count) fields where the header names \(width): the last \(count - width) were left out"
      ).english
    }
    return nil
  }

  /// The tag of a service's folder (`segments` outermost first), with `--folder-prefix`, or
  /// nil with `--no-folders-as-tags`.
  ///
  /// Unlike a browser's file, nothing here is the service's own folder to leave out: a
  /// collection named "Favorites" is the user's, and stays.
  static func folderTag(_ segments: [String], options: FolderOptions) -> String? {
    guard options.foldersAsTags else { return nil }
    let kept = segments.compactMap(TagText.segment)
    guard !kept.isEmpty else { return nil }
    let prefix = options.prefix.flatMap(TagText.tag)
    return ([prefix].compactMap { $0 } + kept).joined(separator: "/")
  }

  /// The one failure of a file whose header lacks columns a format needs.
  static func missingColumns(_ names: [String], format: ImportFormat)
    -> Result<ImportEntry, ImportSkipReason>
  {
    let list = names.map { "'\($0)'" }.joined(separator: ", ")
    return .failure(
      .unreadable(
        Message(
          "line 1: the header row has no \(list) column for the format \(format.rawValue)"
        ).english))
  }

  /// The skip of a record the reader could not read, with its line.
  static func skip(_ malformed: CSVReader.Malformed) -> Result<ImportEntry, ImportSkipReason> {
    .failure(.unreadable("line \(malformed.line): " + malformed.reason))
  }

  private static func columns(of header: [String]) -> [String: Int] {
    var columns: [String: Int] = [:]
    for (position, name) in header.enumerated() {
      let key = name.trimmingSpacesAndNewlines().lowercased()
      // The first of two columns with one name is the one read.
      if columns[key] == nil { columns[key] = position }
    }
    return columns
  }

  /// The CSV format of `bytes` by its header row (its first line), or nil.
  ///
  /// Each service names its columns its own way: Pocket has `time_added`, Raindrop `excerpt`
  /// and `folder`, Instapaper `selection` and `timestamp`; each also has `url`.
  public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
    var end = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while end < bytes.count && end < 4096 && bytes[end] != 0x0A { end += 1 }
    // With its line end, so a CRLF header reads as one.
    end = min(end + 1, bytes.count)
    guard case .success(let header)? = CSVReader.records(Array(bytes[..<end])).first else {
      return nil
    }
    let names = Set(columns(of: header.fields).keys)
    guard names.contains("url") else { return nil }
    if names.isSuperset(of: ["title", "time_added"]) { return .pocketCSV }
    if names.isSuperset(of: ["excerpt", "folder", "tags"]) { return .raindropCSV }
    if names.isSuperset(of: ["selection", "folder", "timestamp"]) { return .instapaperCSV }
    return nil
  }
}
