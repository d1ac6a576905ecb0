import HolderCore
import Testing

@Suite struct CharsetDetectorTests {
  private func names(_ text: String, _ contentType: String? = nil) -> [String] {
    CharsetDetector.detect(Array(text.utf8), contentType: contentType).candidates.map(\.name)
  }

  @Test func aByteOrderMarkDecidesAlone() {
    let detection = CharsetDetector.detect(
      [0xFF, 0xFE, 0x3C, 0x00], contentType: "text/html; charset=euc-kr")
    #expect(detection.candidates == [.utf16LE])
    #expect(detection.bomLength == 2)
    #expect(CharsetDetector.detect([0xEF, 0xBB, 0xBF, 0x41], contentType: nil).bomLength == 3)
  }

  @Test func theHeaderComesBeforeTheMeta() {
    #expect(
      names(#"<meta charset="shift_jis">"#, "text/html; charset=\"EUC-KR\"")
        == ["EUC-KR", "Shift_JIS", "UTF-8", "windows-1252"])
  }

  @Test func httpEquivIsRead() {
    #expect(
      names(#"<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=gb2312'>"#)
        == ["GBK", "UTF-8", "windows-1252"])
  }

  @Test func aMetaClaimingUTF16MeansUTF8() {
    #expect(names(#"<meta charset=utf-16>"#) == ["UTF-8", "windows-1252"])
  }

  @Test func nothingDeclaredTriesUTF8ThenWindows1252() {
    #expect(names("<p>hi</p>") == ["UTF-8", "windows-1252"])
  }

  @Test func theCharsetParameterIsFoundWhereverItIs() {
    #expect(CharsetDetector.charsetParameter("text/html;charset=utf-8") == "utf-8")
    #expect(CharsetDetector.charsetParameter("text/html; q=1; Charset = 'sjis' ") == "sjis")
    #expect(CharsetDetector.charsetParameter("text/html") == nil)
  }

  @Test func labelsMapAsBrowsersMapThem() {
    #expect(Charset(label: " KS_C_5601-1987 ")?.name == "EUC-KR")
    #expect(Charset(label: "x-sjis")?.name == "Shift_JIS")
    #expect(Charset(label: "latin1")?.name == "windows-1252")
    #expect(Charset(label: "cp1258")?.name == "windows-1258")
    #expect(Charset(label: "iso-8859-2")?.name == "ISO-8859-2")
    #expect(Charset(label: "klingon") == nil)
  }
}
