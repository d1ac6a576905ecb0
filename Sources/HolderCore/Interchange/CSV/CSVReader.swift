import Localization

/// Reads comma-separated values as RFC 4180 writes them, for the CSV exports of bookmark
/// services.
///
/// Ours rather than a package: the two CSV packages on this machine (yaslab/CSV.swift and
/// swiftcsv/SwiftCSV) import corelibs Foundation, which would link 34 MB of ICU's data into a
/// program that has none today, and RFC 4180 is a page long.
///
/// What it reads: fields separated by `,`; records ended by CRLF or LF (a last record without
/// one too); a field in `"…"` may hold `,`, line breaks and `""` for one quote; a UTF-8 BOM
/// at the start is dropped. A quote inside an unquoted field is kept as a character, as
/// spreadsheets read it. A record whose quoted field never closes (or closes with a character
/// other than a separator or line end after it) is malformed: it is reported with the line it
/// starts on and reading goes on at the next line, so one bad record never stops the others.
public enum CSVReader {
  /// One record: its fields as written (unquoted) and the line of the file it starts on.
  public struct Record: Hashable, Sendable {
    public var fields: [String]
    /// 1-based.
    public var line: Int

    public init(fields: [String], line: Int) {
      self.fields = fields
      self.line = line
    }
  }

  /// A record that could not be read.
  public struct Malformed: Error, Hashable, Sendable {
    /// The line the record starts on (1-based).
    public var line: Int
    /// One sentence: what is wrong.
    public var reason: String
  }

  /// Every record of `bytes`, in file order; blank lines are no records.
  public static func records(_ bytes: [UInt8]) -> [Result<Record, Malformed>] {
    var results: [Result<Record, Malformed>] = []
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 1
    while index < bytes.count {
      let start = (index: index, line: line)
      switch record(bytes, from: &index, line: &line) {
      case .fields(let fields):
        if !fields.isEmpty { results.append(.success(Record(fields: fields, line: start.line))) }
      case .malformed(let reason):
        results.append(.failure(Malformed(line: start.line, reason: reason)))
        // What follows the record's first line is read afresh: its quote may be the one that
        // was never closed, and the records after it are good.
        index = start.index
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
        index += 1
        line = start.line + 1
      }
    }
    return results
  }

  /// What `record` read: the fields, or why the record is malformed.
  private enum RecordOutcome {
    case fields([String])
    case malformed(String)
  }

  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")

  /// The fields of the record at `index`, which is left after its line end; none for a
  /// blank line.
  private static func record(_ bytes: [UInt8], from index: inout Int, line: inout Int)
    -> RecordOutcome
  {
    if bytes[index] == 0x0A || bytes[index...].starts(with: [0x0D, 0x0A]) {
      index += bytes[index] == 0x0A ? 1 : 2
      line += 1
      return .fields([])
    }
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var fieldStart = true
    while index < bytes.count {
      let byte = bytes[index]
      if quoted {
        index += 1
        if byte == quote {
          if index < bytes.count && bytes[index] == quote {
            field.append(quote)
            index += 1
          } else if index == bytes.count || [comma, 0x0A, 0x0D].contains(bytes[index]) {
            quoted = false
          } else {
            return .malformed(
              Message("a quoted field is closed with text after it; write \"\" for a quote")
                .english)
          }
        } else {
          if byte == 0x0A { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case quote where fieldStart:
        quoted = true
        fieldStart = false
        index += 1
      case comma:
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        fieldStart = true
        index += 1
      case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A, 0x0A:
        index += byte == 0x0D ? 2 : 1
        line += 1
        fields.append(String(decoding: field, as: UTF8.self))
        return .fields(fields)
      default:
        field.append(byte)
        fieldStart = false
        index += 1
      }
    }
    if quoted {
      return .malformed(Message("a quoted field is never closed").english)
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return .fields(fields)
  }
}
