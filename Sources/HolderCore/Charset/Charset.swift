/// A character set a web page can be written in, named as the WHATWG Encoding Standard does.
///
/// Labels map the way browsers map them: `euc-kr` reads as windows-949 (its superset),
/// `shift_jis` as windows-31J, `gb2312` as GBK, `iso-8859-1` and `ascii` as windows-1252.
public struct Charset: Hashable, Sendable {
  /// The standard's name of the encoding (`UTF-8`, `EUC-KR`, `Shift_JIS`).
  public let name: String
  /// The name glibc's iconv knows it by.
  public let iconvName: String

  /// UTF-8.
  public static let utf8 = Charset(name: "UTF-8", iconvName: "UTF-8")
  /// windows-1252, what a page without any declaration is read as when it is not UTF-8.
  public static let windows1252 = Charset(name: "windows-1252", iconvName: "CP1252")
  /// UTF-16 little-endian.
  public static let utf16LE = Charset(name: "UTF-16LE", iconvName: "UTF-16LE")
  /// UTF-16 big-endian.
  public static let utf16BE = Charset(name: "UTF-16BE", iconvName: "UTF-16BE")

  /// The character set a label names (`charset=euc-kr`), or nil for a label no browser knows.
  public init?(label: String) {
    let key = label.trimmingASCIISpace().lowercased()
    if let found = Charset.byLabel[key] {
      self = found
      return
    }
    for number in 1250...1258 where Charset.windowsLabels(number).contains(key) {
      self = Charset(name: "windows-\(number)", iconvName: "CP\(number)")
      return
    }
    for number in [2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16]
    where ["iso-8859-\(number)", "iso8859-\(number)", "iso_8859-\(number)"].contains(key) {
      self = Charset(name: "ISO-8859-\(number)", iconvName: "ISO-8859-\(number)")
      return
    }
    return nil
  }

  private init(name: String, iconvName: String) {
    self.name = name
    self.iconvName = iconvName
  }

  private static func windowsLabels(_ number: Int) -> [String] {
    var labels = ["windows-\(number)", "cp\(number)", "x-cp\(number)"]
    // Latin-1 and ASCII are read as windows-1252 by every browser.
    if number == 1252 {
      labels += ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii", "us-ascii"]
      labels += ["ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1"]
    }
    if number == 1254 { labels += ["iso-8859-9", "iso8859-9", "latin5", "l5"] }
    return labels
  }

  private static let byLabel: [String: Charset] = {
    var table: [String: Charset] = [:]
    func add(_ charset: Charset, _ labels: [String]) {
      for label in labels { table[label] = charset }
    }
    add(.utf8, ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8"])
    add(
      Charset(name: "EUC-KR", iconvName: "CP949"),
      [
        "euc-kr", "cseuckr", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
        "ksc_5601", "csksc56011987", "iso-ir-149", "windows-949", "cp949", "uhc",
      ])
    add(
      Charset(name: "Shift_JIS", iconvName: "CP932"),
      [
        "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "ms932", "cp932", "csshiftjis",
        "windows-31j",
      ])
    add(
      Charset(name: "EUC-JP", iconvName: "EUC-JP-MS"),
      ["euc-jp", "x-euc-jp", "cseucpkdfmtjapanese"])
    add(Charset(name: "ISO-2022-JP", iconvName: "ISO-2022-JP"), ["iso-2022-jp", "csiso2022jp"])
    add(
      Charset(name: "GBK", iconvName: "GB18030"),
      [
        "gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312", "csiso58gb231280",
        "iso-ir-58", "x-gbk", "cp936", "windows-936",
      ])
    add(Charset(name: "gb18030", iconvName: "GB18030"), ["gb18030"])
    add(
      Charset(name: "Big5", iconvName: "BIG5-HKSCS"),
      ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"])
    add(Charset(name: "KOI8-R", iconvName: "KOI8-R"), ["koi8-r", "koi8_r", "koi8", "cskoi8r"])
    add(Charset(name: "KOI8-U", iconvName: "KOI8-U"), ["koi8-u", "koi8-ru"])
    // Old Mac exports (Netscape and iCab on Mac OS 9) say `x-mac-roman`: read as
    // windows-1252, "ä" came out as "Š".
    add(
      Charset(name: "macintosh", iconvName: "MACINTOSH"),
      ["macintosh", "mac", "x-mac-roman", "csmacintosh"])
    add(.utf16LE, ["utf-16le", "utf-16", "unicode", "ucs-2", "csunicode", "unicodefeff"])
    add(.utf16BE, ["utf-16be", "unicodefffe"])
    return table
  }()
}

extension String {
  /// The string without leading and trailing ASCII white space (no Foundation needed).
  func trimmingASCIISpace() -> String {
    let space: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}"]
    guard let start = firstIndex(where: { !space.contains($0) }),
      let end = lastIndex(where: { !space.contains($0) })
    else { return "" }
    return String(self[start...end])
  }
}
