/// The language a browser asks for in its `Accept-Language` header (RFC 9110, 12.5.4).
///
/// Pure, so the web app and its tests share it. The browser lists language ranges by
/// preference (`ko-KR, ko;q=0.9, en;q=0.8`); the first range holder-git speaks, by quality and
/// then by order, decides. `*`, a header naming none of its languages, and a header that is not
/// a list of ranges (a page must still answer) give English, the key language.
extension Language {
  public init(acceptLanguage header: String) {
    self = Self.preferred(header) ?? .english
  }

  private static func preferred(_ header: String) -> Language? {
    var ranges: [(language: Language, quality: Int, position: Int)] = []
    for (position, element) in header.split(separator: ",", omittingEmptySubsequences: false)
      .enumerated()
    {
      let parts = element.split(separator: ";", omittingEmptySubsequences: false)
        .map { Self.trimmed($0) }
      // An empty element is allowed in an HTTP list (`ko, , en`).
      if parts.count == 1 && parts[0].isEmpty { continue }
      guard let range = parts.first, isRange(range) else { return nil }
      var quality = 1000
      for parameter in parts.dropFirst() {
        guard let value = qualityValue(parameter) else { return nil }
        quality = value
      }
      // q=0 says "not this one".
      guard quality > 0 else { continue }
      let language = range == "*" ? Language.english : Language(rangePrimary: range)
      if let language { ranges.append((language, quality, position)) }
    }
    return ranges.min { (-$0.quality, $0.position) < (-$1.quality, $1.position) }?.language
  }

  /// Without the spaces and tabs (OWS) around it.
  private static func trimmed(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
  }

  /// `ko`, `ja-JP`, `en-US`: the primary subtag names the language; others are nil.
  private init?(rangePrimary range: String) {
    let primary = range.prefix { $0 != "-" }.lowercased()
    guard let language = Language(rawValue: primary) else { return nil }
    self = language
  }

  /// `*`, or 1–8 letters followed by `-` and 1–8 letters or digits, any number of times.
  private static func isRange(_ text: String) -> Bool {
    if text == "*" { return true }
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (1...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      (1...8).contains(subtag.count)
        && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// `q=0.8` as thousandths (800); nil when it is not a weight RFC 9110 allows.
  private static func qualityValue(_ parameter: String) -> Int? {
    let lowered = parameter.lowercased()
    guard lowered.hasPrefix("q=") else { return nil }
    let value = lowered.dropFirst(2)
    guard let whole = value.first, whole == "0" || whole == "1" else { return nil }
    var rest = value.dropFirst()
    var thousandths = whole == "1" ? 1000 : 0
    if rest.isEmpty { return thousandths }
    guard rest.first == ".", rest.count <= 4 else { return nil }
    rest = rest.dropFirst()
    guard rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let digits = rest + String(repeating: "0", count: 3 - rest.count)
    let fraction = Int(digits) ?? 0
    if whole == "1" { return fraction == 0 ? 1000 : nil }
    thousandths = fraction
    return thousandths
  }
}
