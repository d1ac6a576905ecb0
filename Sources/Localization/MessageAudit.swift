#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Library text that would reach a Korean or Japanese reader in English, written down as it
/// is shown, for the test suite: its runs of the binary and the web app set
/// `HOLDER_GIT_MESSAGE_AUDIT` to a file and fail on any line there.
///
/// A sentence passes when it is one of the catalog's messages, with every value that is not a
/// name in quotes passing too, or when it holds no English words (a number, a path, a link).
enum MessageAudit {
  private static let file = ProcessInfo.processInfo.environment["HOLDER_GIT_MESSAGE_AUDIT"]
    .flatMap { $0.isEmpty ? nil : $0 }

  /// Writes down `sentence` when a part of it has no Korean or Japanese entry.
  static func check(_ sentence: String) {
    guard let file else { return }
    for language in [Language.korean, .japanese] {
      guard let english = Catalog.shared(language).untranslated(in: sentence, depth: 0) else {
        continue
      }
      let line = "\(language.rawValue)\t\(oneLine(english))\t\(oneLine(sentence))\n"
      // One write with O_APPEND: lines from runs at the same time do not interleave.
      let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { return }
      _ = line.utf8CString.withUnsafeBufferPointer { bytes in
        write(descriptor, bytes.baseAddress, bytes.count - 1)
      }
      close(descriptor)
    }
  }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }

  /// True when `text` is no English sentence: a name in quotes, a command line, text already
  /// in Korean or Japanese (its names and links aside), or no two English words in a row (a
  /// number, a path, a link).
  static func isData(_ text: String) -> Bool {
    let trimmed = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    if let first = trimmed.first, first == "\"" || first == "'", trimmed.count > 1,
      trimmed.last == first, !trimmed.dropFirst().dropLast().contains(first)
    {
      return true
    }
    for command in ["holder-git ", "git ", "$"] where trimmed.hasPrefix(command) { return true }
    if trimmed.starts(with: /[A-Z_]+=/) { return true }
    let words = trimmed.replacing(#/'[^']*'|"[^"]*"|[a-z]+://[^ ]*/#, with: "")
    if words.unicodeScalars.contains(where: isKoreanOrJapanese) { return true }
    return !words.contains(/[A-Za-z]{2,} [A-Za-z]{2,}/)
  }

  /// Tab and the space separators, as Foundation's `CharacterSet.whitespaces` (which on Linux
  /// holds the zero-width space too).
  private static func isSpace(_ character: Character) -> Bool {
    character == "\t"
      || character.unicodeScalars.allSatisfy {
        $0.properties.generalCategory == .spaceSeparator || $0.value == 0x200B
      }
  }

  /// Hangul and kana: a sentence with them was put into the reader's language already.
  private static func isKoreanOrJapanese(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7A3, 0x3040...0x30FF: return true
    default: return false
    }
  }
}

extension Catalog {
  /// The part of `sentence` this catalog leaves in English, nil when none.
  func untranslated(in sentence: String, depth: Int) -> String? {
    guard depth < 4 else { return nil }
    if entries[Message.escaped(sentence)] != nil { return nil }
    if let (pattern, values) = reading(of: sentence, depth: depth) {
      for (place, value) in values.enumerated() where !pattern.isQuoted(place) {
        if let inner = untranslated(in: value, depth: depth + 1) { return inner }
      }
      return nil
    }
    if let clauses = Self.clauses(of: sentence) {
      return clauses.lazy.compactMap { untranslated(in: $0, depth: depth + 1) }.first
    }
    return MessageAudit.isData(sentence) ? nil : sentence
  }
}
