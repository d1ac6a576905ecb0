import HolderCore

/// A web page's bytes decoded by the rules browsers use, then parsed.
public struct HTMLPage: Sendable {
  /// The parsed document (root named `#document`).
  public var document: HTMLElement
  /// The character set the bytes were read in.
  public var charset: Charset

  /// Decodes `bytes` (BOM, then `Content-Type`, then `<meta>`, then UTF-8, then
  /// windows-1252: the first that decodes without an invalid sequence) and parses them.
  public init(bytes: [UInt8], contentType: String? = nil) {
    let decoded = HTMLPage.decode(bytes, contentType: contentType)
    document = HTMLParser.parse(decoded.text)
    charset = decoded.charset
  }

  /// The text of `bytes` and the character set it was read in.
  public static func decode(_ bytes: [UInt8], contentType: String?) -> (
    text: String, charset: Charset
  ) {
    let detection = CharsetDetector.detect(bytes, contentType: contentType)
    let body = Array(bytes.dropFirst(detection.bomLength))
    for charset in detection.candidates {
      if let text = TextDecoder.decode(body, as: charset) { return (text, charset) }
    }
    // Nothing decodes cleanly: keep what can be read rather than lose the page.
    return (String(decoding: body, as: UTF8.self), .utf8)
  }
}
