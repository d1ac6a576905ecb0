import HTML
import HolderCore
import Testing

@Suite struct TextDecoderTests {
  private func charset(_ label: String) throws -> Charset {
    try #require(Charset(label: label))
  }

  @Test(arguments: [
    ("euc-kr", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE] as [UInt8], "한국어"),
    // 똠 is in windows-949 only (not in plain EUC-KR); browsers read euc-kr as windows-949.
    ("euc-kr", [0x8C, 0x63], "똠"),
    ("shift_jis", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], "日本語"),
    // ① is a Microsoft extension that windows-31J (what browsers mean by Shift_JIS) has.
    ("shift_jis", [0x87, 0x40], "①"),
    ("euc-jp", [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC], "日本語"),
    ("gb2312", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
    ("gbk", [0x81, 0x40], "丂"),
    ("windows-1251", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "Привет"),
    ("windows-1250", [0x8A, 0x9A], "Šš"),
    ("iso-8859-1", [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94], "“Café”"),
    ("windows-1253", [0xC1, 0xE8, 0xDE, 0xED, 0xE1], "Αθήνα"),
    ("utf-16le", [0x5C, 0xD5, 0x00, 0xAE], "한글"),
    ("utf-16be", [0xD5, 0x5C, 0xAE, 0x00], "한글"),
    ("utf-8", [0xED, 0x95, 0x9C], "한"),
  ])
  func decodesRealBytes(label: String, bytes: [UInt8], expected: String) throws {
    #expect(TextDecoder.decode(bytes, as: try charset(label)) == expected)
  }

  @Test func refusesInvalidSequences() throws {
    #expect(TextDecoder.decode([0xC7, 0xD1, 0xB1], as: .utf8) == nil)
    #expect(TextDecoder.decode([0xFF, 0xFF], as: try charset("euc-kr")) == nil)
    #expect(TextDecoder.decode([0xED, 0xA0, 0x80], as: .utf8) == nil)
  }

  @Test func decodesNothingToAnEmptyString() throws {
    #expect(TextDecoder.decode([], as: try charset("shift_jis")) == "")
  }
}
