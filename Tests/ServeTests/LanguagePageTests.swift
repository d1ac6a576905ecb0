import Foundation
import HolderTestSupport
import Localization
import Testing

/// The web app's pages in the browser's language: every page fetched with
/// `Accept-Language: ko` or `ja` leaves no English sentence (the bookmarks' own text aside),
/// as the CLI's language tests find them; the header's preferences decide.
@Suite struct LanguagePageTests {
  /// Every page a person can reach, with the store in the states that show each message.
  static func pages(_ language: String) throws -> [(name: String, body: String)] {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "스위프트", "--tag", "개발", "--note", "메모"],
      ["https://go.dev", "--title", "고", "--tag", "개발/언어"],
    ])
    let remote = try app.binary.git.initRepository("remote.git", bare: true)
    #expect(try app.binary.run(["remote", "add", "origin", remote], in: app.store).status == 0)
    let secret = try app.secret()
    let speaks = ["Accept-Language": language]
    func get(_ path: String) throws -> String { try app.get(path, headers: speaks).body }
    func post(_ path: String, _ fields: [String: String]) throws -> HTTPReply {
      try app.post(path, fields.merging(["_secret": secret]) { $1 }, headers: speaks)
    }
    let id = try #require(try app.firstCardID())
    var pages: [(name: String, body: String)] = []
    pages.append(("browse", try get("/")))
    pages.append(("favourites", try get("/?fav=1")))
    pages.append(("tag", try get("/?tag=" + ServedApp.encode("개발"))))
    pages.append(("search", try get("/?q=" + ServedApp.encode("스위프트"))))
    pages.append(("search, nothing", try get("/?q=" + ServedApp.encode("없음"))))
    pages.append(("search, unreadable", try get("/?q=" + ServedApp.encode("\"열린"))))
    pages.append(("bookmark", try get("/b/\(id)")))
    pages.append(("not found", try get("/b/nothing-here")))
    pages.append(("add", try get("/add")))
    pages.append(("already saved", try get("/add?url=" + ServedApp.encode("https://swift.org/"))))
    pages.append(("near duplicate", try get("/add?url=" + ServedApp.encode("http://swift.org"))))
    pages.append(("add, bad address", try post("/add", ["url": "주소 아님"]).body))
    pages.append(("edit", try get("/b/\(id)/edit")))
    pages.append(("tags", try get("/tags")))
    let renamed = try post("/tags/rename", ["tag": "개발", "to": "코딩"])
    pages.append(("tag renamed", try get(renamed.headers["location"] ?? "/tags")))
    pages.append(("sync", try get("/sync")))
    pages.append(("synced", try post("/sync", [:]).body))
    pages.append(("import", try get("/import")))
    let file = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p><DT><A HREF="https://swift.org">스위프트</A><DT><A HREF="https://rust-lang.org">러스트</A>
      <DT><A HREF="place:sort=8">최근</A></DL><p>
      """
    let report = try HTTPReply.send(
      "POST", "/import?name=bookmarks.html", port: app.port,
      headers: [
        "X-Holder-Secret": secret, "Content-Type": "text/html", "Accept-Language": language,
        "Origin": "http://127.0.0.1:\(app.port)",
      ], body: file)
    pages.append(("import report", report.body))
    pages.append(("deleted", try post("/b/\(id)/delete", [:]).body))
    return pages
  }

  @Test(arguments: ["ko", "ja"])
  func everyPageIsInTheBrowsersLanguage(_ language: String) throws {
    for (name, body) in try Self.pages(language) {
      #expect(!body.isEmpty, "\(name) is empty")
      #expect(
        EnglishText.runs(inPage: body).isEmpty,
        "\(name) has English: \(EnglishText.runs(inPage: body))")
      if body.contains("<html") { #expect(body.contains("<html lang=\"\(language)\">"), "\(name)") }
    }
  }

  /// The same pages in English find the sentences the check looks for, so an empty result
  /// above means translated, not unseen.
  @Test func englishPagesAreFoundEnglish() throws {
    for (name, body) in try Self.pages("en") where body.contains("<html") {
      #expect(!EnglishText.runs(inPage: body).isEmpty, "\(name)")
      #expect(body.contains("<html lang=\"en\">"), "\(name)")
    }
  }

  @Test func theFirstLanguageTheAppSpeaksDecides() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let korean = try app.get("/", headers: ["Accept-Language": "fr, ko;q=0.5"])
    #expect(korean.body.contains("<html lang=\"ko\">"))
    #expect(korean.body.contains("모든 북마크"))
    #expect(korean.headers["content-language"] == "ko")
    #expect(korean.headers["vary"]?.contains("Accept-Language") == true)
    let japanese = try app.get("/", headers: ["Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"])
    #expect(japanese.body.contains("すべてのブックマーク"))
    for header in ["en", "en-US, ko;q=0.5", "fr", "*", "ko;q=x"] {
      let english = try app.get("/", headers: ["Accept-Language": header])
      #expect(english.body.contains("<html lang=\"en\">"), "\(header)")
      #expect(english.body.contains("All bookmarks"), "\(header)")
    }
    #expect(try app.get("/").body.contains("All bookmarks"))
  }

  /// The app's refusals (another site, no secret, another host name) say what to do in the
  /// reader's language too.
  @Test(arguments: ["ko", "ja"])
  func refusalsAreInTheBrowsersLanguage(_ language: String) throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "스위프트"]])
    let id = try #require(try app.firstCardID())
    let refusals = [
      try app.post("/b/\(id)/delete", [:], headers: ["Accept-Language": language]),
      try app.post(
        "/b/\(id)/delete", [:],
        headers: ["Accept-Language": language, "Origin": "http://127.0.0.1:1"]),
      try HTTPReply.send(
        "GET", "/", port: app.port,
        headers: ["Host": "rebinding.invalid", "Accept-Language": language]),
    ]
    for refusal in refusals {
      #expect(refusal.status >= 400)
      #expect(!refusal.body.isEmpty)
      #expect(EnglishText.runs(inPage: refusal.body).isEmpty, "\(refusal.body)")
    }
    #expect(try app.binary.run(["list"], in: app.store).stdout.contains("스위프트"))
  }

  /// Dates read as the CLI writes them for the reader.
  @Test func datesAreWrittenTheReadersWay() throws {
    let app = try ServedApp(
      adds: [["https://swift.org", "--title", "Swift"]],
      env: ["HOLDER_GIT_NOW": "2026-11-23T09:14:05Z"])
    let id = try #require(try app.firstCardID())
    #expect(
      try app.get("/b/\(id)", headers: ["Accept-Language": "ko"]).body
        .contains("2026년 11월 23일 09:14 UTC"))
    #expect(
      try app.get("/b/\(id)", headers: ["Accept-Language": "ja"]).body
        .contains("2026年11月23日 09:14 UTC"))
    #expect(try app.get("/b/\(id)").body.contains("2026-11-23 09:14 UTC"))
  }
}
