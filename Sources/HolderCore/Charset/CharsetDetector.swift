#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Works out which character sets to try on a page's bytes, in the order browsers trust them.
///
/// ### Algorithm
/// 1. A byte order mark decides alone (UTF-8, UTF-16LE, UTF-16BE).
/// 2. Else the HTTP `Content-Type` charset, then the first `<meta charset>` or
///    `<meta http-equiv="Content-Type" content="…charset=…">` in the first 4 KB, then UTF-8,
///    then windows-1252. The caller takes the first that decodes without an invalid sequence,
///    so a page that lies about its charset still reads right when another guess is clean.
/// 3. A server that calls a UTF-8 page `ISO-8859-1` is common: when the header names a
///    single-byte Latin set and the bytes are valid UTF-8 with non-ASCII in them, UTF-8 goes
///    first. A `<meta>` naming UTF-16 means UTF-8, as the standard says (the meta could
///    not have been read otherwise).
public enum CharsetDetector {
  /// The result: the candidates in order, and how many leading bytes are a byte order mark.
  public struct Detection: Hashable, Sendable {
    /// Character sets to try, most trusted first.
    public var candidates: [Charset]
    /// The length of the byte order mark to drop before decoding (0 when none).
    public var bomLength: Int
  }

  /// The character sets to try for `bytes` served with `contentType`.
  public static func detect(_ bytes: [UInt8], contentType: String?) -> Detection {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return Detection(candidates: [.utf8], bomLength: 3)
    }
    if bytes.starts(with: [0xFF, 0xFE]) { return Detection(candidates: [.utf16LE], bomLength: 2) }
    if bytes.starts(with: [0xFE, 0xFF]) { return Detection(candidates: [.utf16BE], bomLength: 2) }
    var candidates: [Charset] = []
    func append(_ charset: Charset?) {
      if let charset, !candidates.contains(charset) { candidates.append(charset) }
    }
    let header = contentType.flatMap(charsetParameter).flatMap { Charset(label: $0) }
    if let header, header.name == "windows-1252" || header.name.hasPrefix("ISO-8859"),
      bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) != nil
    {
      append(.utf8)
    }
    append(header)
    var declared = metaCharset(in: bytes).flatMap { Charset(label: $0) }
    if declared == .utf16LE || declared == .utf16BE { declared = .utf8 }
    append(declared)
    append(.utf8)
    append(.windows1252)
    return Detection(candidates: candidates, bomLength: 0)
  }

  /// The `charset` parameter of a `Content-Type` value (`text/html; charset="euc-kr"`).
  public static func charsetParameter(_ contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        String(parts[0]).trimmingASCIISpace().lowercased() == "charset"
      else { continue }
      var value = String(parts[1]).trimmingASCIISpace()
      if value.hasPrefix("\"") || value.hasPrefix("'") { value.removeFirst() }
      if value.hasSuffix("\"") || value.hasSuffix("'") { value.removeLast() }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The charset the first 4 KB declare in a `<meta>` element, read as ASCII.
  public static func metaCharset(in bytes: [UInt8]) -> String? {
    // Each byte becomes one character, so offsets stay simple and any encoding is readable.
    let head = String(String.UnicodeScalarView(bytes.prefix(4096).map { Unicode.Scalar($0) }))
      .lowercased()
    var rest = head[...]
    while let start = rest.firstRange(of: "<meta") {
      let afterName = rest[start.upperBound...]
      guard let end = afterName.firstIndex(of: ">") else { return nil }
      let attributes = TagAttributes.parse(afterName[..<end])
      if let charset = attributes["charset"], !charset.isEmpty { return charset }
      if attributes["http-equiv"] == "content-type", let content = attributes["content"],
        let charset = charsetParameter(content)
      {
        return charset
      }
      rest = afterName[end...]
    }
    return nil
  }
}
