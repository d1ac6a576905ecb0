import HTML
import HolderCore
import HolderCoreTestSupport
import Testing

@Suite struct HTMLPageTests {
  private func title(_ name: String, contentType: String? = nil) throws -> (String?, String) {
    let page = HTMLPage(bytes: try FixturePages.bytes(name), contentType: contentType)
    return (page.document.firstDescendant(named: "title")?.text, page.charset.name)
  }

  @Test(arguments: [
    ("euc-kr.html", "서울 - 위키백과, 우리 모두의 백과사전", "EUC-KR"),
    ("shift_jis.html", "東京都の公式ホームページ", "Shift_JIS"),
    ("euc-jp.html", "日本語のタイトル（EUC-JP）", "EUC-JP"),
    ("gb2312.html", "中文网页标题", "GBK"),
    ("windows-1251.html", "Привет, мир", "windows-1251"),
    ("windows-1252.html", "Café “quoted” – naïve", "windows-1252"),
    ("utf-16le.html", "UTF-16 제목", "UTF-16LE"),
    ("utf-16be.html", "UTF-16BE 見出し", "UTF-16BE"),
    ("utf8-undeclared.html", "선언 없는 UTF-8 — ünïcödé", "UTF-8"),
  ])
  func readsEachPageInItsDeclaredCharset(name: String, expected: String, charset: String) throws {
    let (found, used) = try title(name)
    #expect(found == expected)
    #expect(used == charset)
  }

  @Test func theServersCharsetWinsOverNone() throws {
    let (found, used) = try title(
      "euc-kr-undeclared.html", contentType: "text/html; charset=EUC-KR")
    #expect(found == "선언 없는 한국어")
    #expect(used == "EUC-KR")
  }

  @Test func aServerThatLiesAboutUTF8FallsBackToTheMeta() throws {
    let (found, used) = try title("euc-kr.html", contentType: "text/html; charset=utf-8")
    #expect(found == "서울 - 위키백과, 우리 모두의 백과사전")
    #expect(used == "EUC-KR")
  }

  @Test func aUTF8PageServedAsLatin1IsReadAsUTF8() throws {
    let (found, _) = try title("utf8-undeclared.html", contentType: "text/html; charset=ISO-8859-1")
    #expect(found == "선언 없는 UTF-8 — ünïcödé")
  }

  @Test func anUnknownCharsetIsIgnored() throws {
    let (found, _) = try title("shift_jis.html", contentType: "text/html; charset=x-no-such")
    #expect(found == "東京都の公式ホームページ")
  }
}
