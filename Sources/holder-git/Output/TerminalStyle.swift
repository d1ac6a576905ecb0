#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Colour and width for output meant for a person: colour only on a terminal, never when
/// `NO_COLOR` is set or `TERM` is `dumb`; lines cut to the width.
///
/// Both are decided once, before a pager takes standard output (`capture()`), so that text sent
/// through the pager is laid out and coloured for the terminal the pager writes to, as git's is.
enum TerminalStyle {
  /// True when standard output is a terminal.
  static let isTerminal = isatty(STDOUT_FILENO) == 1

  /// True when colour may be written to standard output: every coloured output asks here.
  static let colors = usesColor(
    isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)

  /// The one rule: a terminal, `TERM` not `dumb`, and no `NO_COLOR`: set to any value it turns
  /// colour off, `NO_COLOR=0` too; set empty it counts as unset (https://no-color.org).
  static func usesColor(isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Decides colour and width now, while standard output is still what the command was given.
  static func capture() {
    _ = colors
    _ = width
  }

  /// The terminal's width in columns; nil when output is not a terminal (nothing is cut).
  static let width: Int? = isTerminal ? columns : nil

  /// The width text is laid out to, terminal or not: `COLUMNS`, else the terminal's, else 80
  /// (the width the argument parser wraps its help to).
  static let columns: Int = {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }()

  /// `text` wrapped in an SGR colour code when colour is on.
  static func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// `text` cut with `…` to fit `columns` terminal columns (wide characters count two).
  static func fit(_ text: String, columns: Int?) -> String {
    guard let columns, columns > 1, displayWidth(text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = displayWidth(String(character))
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// Columns `text` takes: two for East Asian wide and full-width characters, else one.
  static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      if scalar.properties.generalCategory == .nonspacingMark
        || scalar.properties.generalCategory == .enclosingMark || scalar.value == 0x200D
      {
        return total
      }
      return total + (isWide(scalar) ? 2 : 1)
    }
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
