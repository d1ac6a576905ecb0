// Reading other programs' JSON: a member by name, text and numbers as the readers of
// browsers' and services' files need them, and their dates.

import Localization

extension JSONValue {
  /// The member `key` of an object; nil for a missing member or a value that is no object.
  subscript(member key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The text of a string member; a number is given as written (some exporters write ids
  /// and times either way), nil otherwise.
  func text(_ key: String) -> String? {
    switch self[member: key] {
    case .string(let text)?: text
    case .number(let text)?: text
    default: nil
    }
  }

  /// The elements of an array member, empty when there is none.
  func elements(_ key: String) -> [JSONValue] {
    if case .array(let elements)? = self[member: key] { return elements }
    return []
  }
}

/// The dates of other programs' JSON files, with a warning for one that cannot be read.
enum ImportJSONDate {
  /// The time of `text`: RFC 3339 / ISO 8601 (`2020-01-02T03:04:05Z`, a space for the `T`,
  /// no zone read as UTC, a date alone as its midnight) or a number of seconds, milliseconds
  /// or microseconds (`ImportDate`); nil for an empty text or `0`.
  ///
  /// A text that is neither appends one sentence naming `field` to `warnings`.
  static func parse(_ text: String?, field: String, warnings: inout [String]) -> Timestamp? {
    guard let text = text?.trimmingSpacesAndNewlines(), !text.isEmpty, text != "0" else {
      return nil
    }
    if let stamp = ImportDate.parse(text) ?? iso8601(text) { return stamp }
    warnings.append(
      Message("the date '\(text)' of \"\(field)\" cannot be read; it is left out").english)
    return nil
  }

  /// RFC 3339, and the ISO 8601 forms services write that RFC 3339 does not allow.
  static func iso8601(_ text: String) -> Timestamp? {
    if let stamp = Timestamp(rfc3339: text) { return stamp }
    var normalized = text
    // `2020-01-02 03:04:05` (SQL style): the space is a `T`.
    if normalized.count > 10 {
      let tenth = normalized.index(normalized.startIndex, offsetBy: 10)
      if normalized[tenth] == " " { normalized.replaceSubrange(tenth...tenth, with: "T") }
    }
    if let stamp = Timestamp(rfc3339: normalized) { return stamp }
    if normalized.count == 10 { return Timestamp(rfc3339: normalized + "T00:00:00Z") }
    // No zone: UTC. `+0000` without a colon: with one.
    if let stamp = Timestamp(rfc3339: normalized + "Z") { return stamp }
    let utf8 = Array(normalized.utf8)
    if utf8.count > 5, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(utf8[utf8.count - 5]),
      utf8.suffix(4).allSatisfy({ (0x30...0x39).contains($0) })
    {
      let colon =
        String(decoding: utf8.dropLast(2), as: UTF8.self) + ":"
        + String(decoding: utf8.suffix(2), as: UTF8.self)
      return Timestamp(rfc3339: colon)
    }
    return nil
  }
}

/// The records of a JSON file that is one array of objects (Pinboard, buku, Omnivore…).
enum ImportJSONRecords {
  /// One result per element of the array, `line` its position from 1; a file that is no
  /// JSON, or no array, is one unreadable result that says so.
  static func read(
    _ bytes: [UInt8], file: String,
    entry: (_ record: JSONValue, _ line: Int) -> Result<ImportEntry, ImportSkipReason>
  ) -> [Result<ImportEntry, ImportSkipReason>] {
    let value: JSONValue
    switch document(bytes, file: file) {
    case .success(let read): value = read
    case .failure(let reason): return [.failure(reason)]
    }
    guard case .array(let records) = value else {
      return [.failure(.unreadable(Message("the file is not a JSON array of records").english))]
    }
    return records.enumerated().map { position, record in
      guard case .object = record else {
        return .failure(.unreadable(Message("record \(position + 1) is not an object").english))
      }
      return entry(record, position + 1)
    }
  }

  /// The file's JSON value, or the one unreadable entry an import reports for a file that is
  /// no JSON (the reader's sentence, with the line and column).
  static func document(_ bytes: [UInt8], file: String) -> Result<JSONValue, ImportSkipReason> {
    do {
      return .success(try JSONReader.read(bytes, file: file))
    } catch {
      return .failure(.unreadable(error.errorDescription ?? "\(error)"))
    }
  }

  /// The tags of a text that lists them, split at `separator`, each made a tag path.
  static func tags(_ text: String?, separator: Unicode.Scalar) -> [String] {
    guard let text else { return [] }
    return text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: true)
      .compactMap { TagText.tag(String(String.UnicodeScalarView($0))) }
  }
}
