import Foundation

/// The message keys the sources use: every string literal passed to `tr(…)`, `t(…)` (the web
/// app's pages), `Message(…)` or as `one:`/`other:` of a count, with each interpolation made
/// `%@` and each `%` made `%%`, as `Message` builds its key at run time.
enum SourceMessages {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every key, with the files that use it.
  static func keys() throws -> [String: [String]] {
    var found: [String: [String]] = [:]
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      // Comments name messages without saying them.
      let text = try String(contentsOf: file, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
      for key in keys(in: text) { found[key, default: []].append(file.lastPathComponent) }
    }
    return found
  }

  static func keys(in text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var found: [String] = []
    var index = 0
    let markers = ["tr(", "t(", "Message(", "one: ", "other: "].map { Array($0.unicodeScalars) }
    while index < scalars.count {
      defer { index += 1 }
      guard
        let marker = markers.first(where: { matches($0, scalars, at: index) }),
        index == 0 || !isIdentifier(scalars[index - 1])
      else { continue }
      var position = index + marker.count
      while position < scalars.count, scalars[position] == " " || scalars[position] == "\n" {
        position += 1
      }
      if let key = literal(scalars, at: position) { found.append(key) }
    }
    return found
  }

  private static func matches(_ marker: [Unicode.Scalar], _ text: [Unicode.Scalar], at i: Int)
    -> Bool
  {
    i + marker.count <= text.count && Array(text[i..<i + marker.count]) == marker
  }

  private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "." || CharacterSet.alphanumerics.contains(scalar)
  }

  /// The key of the literal starting at `start`, nil when no literal starts there.
  private static func literal(_ s: [Unicode.Scalar], at start: Int) -> String? {
    guard start < s.count, s[start] == "\"" else { return nil }
    let multiline = matches(Array("\"\"\"".unicodeScalars), s, at: start)
    var i = start + (multiline ? 3 : 1)
    var raw: [String] = []  // pieces; interpolations already `%@`
    var piece = ""
    while i < s.count {
      let c = s[i]
      if multiline ? matches(Array("\"\"\"".unicodeScalars), s, at: i) : c == "\"" { break }
      if c == "\\" && i + 1 < s.count {
        let next = s[i + 1]
        switch next {
        case "(":
          var depth = 1
          i += 2
          while i < s.count && depth > 0 {
            if s[i] == "(" { depth += 1 }
            if s[i] == ")" { depth -= 1 }
            i += 1
          }
          piece += "%@"
          continue
        case "n": piece += "\n"
        case "t": piece += "\t"
        case "\"": piece += "\""
        case "\\": piece += "\\"
        case "'": piece += "'"
        case "\n":
          // A multi-line literal's line continuation: the line break is not in the text.
          i += 2
          while i < s.count, s[i] == " " { i += 1 }
          continue
        default: piece += "\\" + String(next)
        }
        i += 2
        continue
      }
      piece += c == "%" ? "%%" : String(c)
      i += 1
    }
    raw.append(piece)
    let text = raw.joined()
    return multiline ? dedented(text) : text
  }

  /// A multi-line literal's text: without its first and last line break, each line without
  /// the closing delimiter's indentation.
  private static func dedented(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return text }
    let indent = lines.removeLast().count
    lines.removeFirst()
    return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
      .joined(separator: "\n")
  }
}
