// libsqlite3 behind Swift values: the only importer of CSQLite, so every C pointer of a
// database (the connection, its statements) lives and dies in this file.
import CSQLite

/// One value of a result row, as SQLite stored it.
public enum SQLiteValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The whole number, nil for any other kind of value.
  public var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The text, nil for any other kind of value.
  public var text: String? {
    if case .text(let value) = self { value } else { nil }
  }
}

/// What SQLite said when it could not open a file or run a query.
public struct SQLiteFailure: Error, Equatable, Sendable {
  /// SQLite's own words (`sqlite3_errmsg`), such as "file is not a database".
  public var message: String
}

/// A database file opened read-only: its rows read, nothing ever written to it.
///
/// A file in WAL mode is read with its `-wal` file when one lies beside it; SQLite may create
/// the `-shm` index next to them, so open a copy in a folder of your own, not the original.
public final class ReadOnlyDatabase {
  private let connection: OpaquePointer

  public init(path: String) throws(SQLiteFailure) {
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(opened)
      throw SQLiteFailure(message: message)
    }
    connection = opened
  }

  deinit { sqlite3_close_v2(connection) }

  /// True when the database has a table of that name.
  public func hasTable(_ name: String) throws(SQLiteFailure) -> Bool {
    let escaped = name.replacing("'", with: "''")
    return try !rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(escaped)'")
      .isEmpty
  }

  /// Every row `sql` (one statement, no parameters) answers, each a value per column.
  public func rows(_ sql: String) throws(SQLiteFailure) -> [[SQLiteValue]] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else { throw failure() }
    defer { sqlite3_finalize(statement) }
    let columns = sqlite3_column_count(statement)
    var result: [[SQLiteValue]] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw failure() }
      result.append((0..<columns).map { value(statement, column: $0) })
    }
    return result
  }

  private func value(_ statement: OpaquePointer, column: Int32) -> SQLiteValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard let start = sqlite3_column_text(statement, column) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard let start = sqlite3_column_blob(statement, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
    default: return .null
    }
  }

  private func failure() -> SQLiteFailure {
    SQLiteFailure(message: String(cString: sqlite3_errmsg(connection)))
  }
}
