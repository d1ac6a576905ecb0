/// The folded text of one bookmark: its fields in `SearchField` order, each ended by a zero
/// byte, so a match never runs from one field into the next.
///
/// Positions are indices of `bytes`, which may be a slice of a larger buffer (an index cache
/// keeps every document in the one buffer it loaded, without a copy each).
public struct SearchDocument: Hashable, Sendable {
  /// Folded UTF-8 of title, tags, readable URL, note and fetched description.
  public var bytes: ArraySlice<UInt8>

  /// Takes already folded bytes (as stored by an index cache).
  public init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
  }

  /// Takes already folded bytes.
  public init(bytes: [UInt8]) {
    self.bytes = bytes[...]
  }

  /// Folds the fields of `bookmark` with `folder`.
  public init(bookmark: Bookmark, folder: inout TextFolder) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      bookmark.title.utf8.count + bookmark.url.utf8.count + bookmark.note.utf8.count + 64)
    let tags = bookmark.tags.joined(separator: " ")
    let fields = [
      bookmark.title, tags, SearchDocument.readable(bookmark.url), bookmark.note,
      bookmark.metadata?.description ?? "",
    ]
    for field in fields {
      var lastWasSpace = false
      folder.fold(field, into: &bytes, lastWasSpace: &lastWasSpace)
      bytes.append(0)
    }
    self.bytes = bytes[...]
  }

  /// The URL as people read it; most URLs have nothing to decode, and skip the decoder.
  static func readable(_ url: String) -> String {
    let utf8 = Array(url.utf8)
    var needsDecoding = false
    for (index, byte) in utf8.enumerated() where byte == 0x25 || byte >= 0x80 || byte == 0x2D {
      // "%" escapes, non-ASCII text, and "xn--" host labels are decoded for reading.
      if byte != 0x2D || (index >= 3 && utf8[(index - 3)...index].elementsEqual("xn--".utf8)) {
        needsDecoding = true
        break
      }
    }
    return needsDecoding ? URLNormalizer.readable(url) : url
  }

  /// The field that holds the byte at `position`.
  public func field(at position: Int) -> SearchField {
    var separators = 0
    for index in bytes.startIndex..<min(position, bytes.endIndex) where bytes[index] == 0 {
      separators += 1
    }
    return SearchField(rawValue: min(separators, SearchField.allCases.count - 1)) ?? .description
  }

  /// The end of the field that holds the byte at `position` (the index of its zero byte).
  func fieldEnd(after position: Int) -> Int {
    var index = position
    while index < bytes.endIndex && bytes[index] != 0 { index += 1 }
    return index
  }

  /// The folded title (the first field), for sorting by title.
  public var title: ArraySlice<UInt8> {
    bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]
  }

  /// True when the match at `position` begins a word: no letter or digit right before it.
  public func isWordStart(_ position: Int) -> Bool {
    guard position > bytes.startIndex else { return true }
    var start = position - 1
    while start > bytes.startIndex && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let lead = bytes[start]
    if lead < 0x80 {
      // In ASCII, letters and numbers are exactly these (asking Character's properties cost
      // an eighth of a one-letter search at 100k).
      let isLetter = (lead | 0x20) >= UInt8(ascii: "a") && (lead | 0x20) <= UInt8(ascii: "z")
      let isDigit = lead >= UInt8(ascii: "0") && lead <= UInt8(ascii: "9")
      return !(isLetter || isDigit)
    }
    var value: UInt32
    var length: Int
    switch lead {
    case 0xC0..<0xE0:
      value = UInt32(lead & 0x1F)
      length = 2
    case 0xE0..<0xF0:
      value = UInt32(lead & 0x0F)
      length = 3
    default:
      value = UInt32(lead & 0x07)
      length = 4
    }
    for offset in 1..<length where start + offset < bytes.endIndex {
      value = value << 6 | UInt32(bytes[start + offset] & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return true }
    return !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
  }
}

extension SearchDocument {
  /// The first place at or after `start` where `needle` occurs, or nil.
  func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    let last = bytes.endIndex - needle.count
    var position = max(start, bytes.startIndex)
    while position <= last {
      if bytes[position] == first {
        var offset = 1
        while offset < needle.count && bytes[position + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return position }
      }
      position += 1
    }
    return nil
  }
}
