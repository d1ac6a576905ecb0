/// A tiny reader of `name="value"` pairs inside a start tag, for the charset prescan.
///
/// The prescan runs before the page can be decoded, so it cannot use the real parser.
enum TagAttributes {
  /// The attributes of a tag's inside text (`charset=utf-8 name='x'`), first of each name.
  static func parse(_ text: Substring) -> [String: String] {
    var result: [String: String] = [:]
    var index = text.startIndex
    func skipSpace() {
      while index < text.endIndex, text[index].isWhitespace || text[index] == "/" {
        index = text.index(after: index)
      }
    }
    while index < text.endIndex {
      skipSpace()
      let nameStart = index
      while index < text.endIndex, !text[index].isWhitespace, text[index] != "=",
        text[index] != "/"
      {
        index = text.index(after: index)
      }
      let name = String(text[nameStart..<index])
      guard !name.isEmpty else {
        if index < text.endIndex { index = text.index(after: index) }
        continue
      }
      skipSpaceOnly(text, &index)
      var value = ""
      if index < text.endIndex, text[index] == "=" {
        index = text.index(after: index)
        skipSpaceOnly(text, &index)
        if index < text.endIndex, text[index] == "\"" || text[index] == "'" {
          let quote = text[index]
          index = text.index(after: index)
          let valueStart = index
          while index < text.endIndex, text[index] != quote { index = text.index(after: index) }
          value = String(text[valueStart..<index])
          if index < text.endIndex { index = text.index(after: index) }
        } else {
          let valueStart = index
          while index < text.endIndex, !text[index].isWhitespace {
            index = text.index(after: index)
          }
          value = String(text[valueStart..<index])
        }
      }
      if result[name] == nil { result[name] = value.trimmingASCIISpace() }
    }
    return result
  }

  private static func skipSpaceOnly(_ text: Substring, _ index: inout Substring.Index) {
    while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
  }
}
