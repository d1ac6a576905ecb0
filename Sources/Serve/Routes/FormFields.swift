// `application/x-www-form-urlencoded` fields (forms and query strings), decoded once: `+` is a
// space, `%XX` a byte, and bytes that are not UTF-8 become U+FFFD rather than an error.
struct FormFields: Sendable {
  /// A form larger than this is not read (a bookmark's fields are far smaller; an import
  /// file goes through its own upload).
  static let maximumBytes = 1 << 20

  private(set) var pairs: [(String, String)] = []

  init(body: String) { pairs = Self.parse(body) }

  init(query: String) { pairs = Self.parse(query) }

  /// The first value of `name`.
  subscript(name: String) -> String? { pairs.first { $0.0 == name }?.1 }

  /// Every value of `name`, in order.
  func all(_ name: String) -> [String] { pairs.filter { $0.0 == name }.map(\.1) }

  private static func parse(_ text: String) -> [(String, String)] {
    text.split(separator: "&").map { part in
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
    }
  }

  static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension FormFields {
  /// Sets `name` to `value`, replacing every earlier value.
  mutating func set(_ name: String, _ value: String) {
    pairs.removeAll { $0.0 == name }
    pairs.append((name, value))
  }

  /// Takes out every value of `name`.
  mutating func remove(_ name: String) {
    pairs.removeAll { $0.0 == name }
  }

  /// The fields as a query string.
  var encoded: String {
    pairs.map { QueryText.encode($0.0) + "=" + QueryText.encode($0.1) }.joined(separator: "&")
  }
}
