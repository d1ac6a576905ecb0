import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a store file (a bookmark or `.holder/store.json`) could not be read.
///
/// Both cases say where: `line` and `column` are 1-based, and the column counts
/// Unicode scalars of that line, so it matches what an editor shows.
public enum CodecError: Error, Equatable, LocalizedError {
  /// The bytes are not valid JSON (RFC 8259) or not valid UTF-8.
  case syntax(file: String, line: Int, column: Int, message: String)
  /// The JSON is valid but does not have the file's shape (a missing key, a wrong type).
  case content(file: String, line: Int, column: Int, message: String)

  /// The path of the file, as the caller named it.
  public var file: String {
    switch self {
    case .syntax(let file, _, _, _), .content(let file, _, _, _): return file
    }
  }

  /// The 1-based line of the offending character or value.
  public var line: Int {
    switch self {
    case .syntax(_, let line, _, _), .content(_, let line, _, _): return line
    }
  }

  /// The 1-based column, counted in Unicode scalars of the line.
  public var column: Int {
    switch self {
    case .syntax(_, _, let column, _), .content(_, _, let column, _): return column
    }
  }

  /// What is wrong or what was expected, such as `duplicate key "title"`.
  public var message: String {
    switch self {
    case .syntax(_, _, _, let message), .content(_, _, _, let message): return message
    }
  }

  /// The message in git's style, naming the file, the place and the remedy.
  public var errorDescription: String? {
    Message(
      "cannot read '\(file)': line \(line), column \(column): \(message); fix the file or run 'holder-git check'"
    ).english
  }
}
