import Foundation
import HolderTestSupport
import Testing

/// Browse, search as you type, a bookmark's page, add/edit/delete, the bookmarklet's form.
@Suite struct BrowseTests {
  private static let adds: [[String]] = [
    ["https://swift.org/blog", "--title", "Swift Blog", "--tag", "dev/swift"],
    ["https://example.kr/swift", "--title", "스위프트 입문", "--tag", "한국어", "--favorite"],
    ["https://fr.wikipedia.org/wiki/Crème", "--title", "Crème brûlée", "--tag", "cuisine"],
  ]

  private func titles(_ body: String) -> [String] {
    body.components(separatedBy: "data-test=\"card-title\">").dropFirst().map {
      ($0.components(separatedBy: "</a>").first ?? "").replacingOccurrences(of: "<mark>", with: "")
        .replacingOccurrences(of: "</mark>", with: "")
    }
  }

  @Test func listsNewestChangeFirstWithTheTagTreeAndFavourites() throws {
    let app = try ServedApp(adds: Self.adds)
    #expect(titles(try app.get("/").body) == ["Crème brûlée", "스위프트 입문", "Swift Blog"])
    // A change from the CLI moves a bookmark to the top.
    #expect(
      try app.binary.run(["edit", "https://swift.org/blog", "--note", "read"], in: app.store)
        .status == 0)
    // The watcher sees it within its 300 ms tick.
    var page = try app.get("/").body
    let deadline = Date().addingTimeInterval(3)
    while titles(page).first != "Swift Blog" && Date() < deadline {
      usleep(50_000)
      page = try app.get("/").body
    }
    #expect(titles(page).first == "Swift Blog")
    // The tree: parents with the count of everything under them, in the store's order.
    let tree = page.components(separatedBy: "data-test=\"tag-link\" data-tag=\"").dropFirst()
      .map { String($0.prefix { $0 != "\"" }) }
    #expect(tree == ["cuisine", "dev", "dev/swift", "한국어"])
    #expect(titles(try app.get("/?tag=dev").body) == ["Swift Blog"])
    #expect(titles(try app.get("/?fav=1").body) == ["스위프트 입문"])
  }

  @Test func pagesHoldSixtyCardsAndLinkTheNext() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    let lines = (1...61).map { "https://example.org/page/\($0)\n" }.joined()
    #expect(try binary.run(["add", "-"], in: store, stdin: Array(lines.utf8)).status == 0)
    let app = try ServedApp(binary: binary, store: store)
    let first = try app.get("/").body
    #expect(first.contains("61 bookmarks"))
    #expect(try app.cardIDs("/").count == 60)
    #expect(first.contains("href=\"/?page=2\""))
    #expect(try app.cardIDs("/?page=2").count == 1)
  }

  @Test func searchAsYouTypeUsesTheCLIRulesMarksMatchesAndSharesRecentSearches() throws {
    let app = try ServedApp(adds: Self.adds)
    let korean = try app.get("/fragment/list?q=" + ServedApp.encode("ㅅㅇㅌ")).body
    #expect(korean.contains("<mark>스위프트</mark> 입문"))
    #expect(korean.contains("1 bookmark match"))
    #expect(titles(try app.get("/fragment/list?q=creme").body) == ["Crème brûlée"])
    let filtered = try app.get("/fragment/list?q=" + ServedApp.encode("swift -tag:한국어")).body
    #expect(titles(filtered) == ["Swift Blog"])
    let broken = try app.get("/fragment/list?q=" + ServedApp.encode("\"open")).body
    #expect(broken.contains("data-test=\"query-error\""))
    // Typing is not remembered; a search sent with Enter (the page's address) is, in the list
    // the CLI keeps.
    #expect(try app.binary.run(["search", "--recent"], in: app.store).stdout.isEmpty)
    _ = try app.get("/?q=" + ServedApp.encode("ㅅㅇㅌ"))
    #expect(try app.binary.run(["search", "--recent"], in: app.store).stdout == "ㅅㅇㅌ\n")
    _ = try app.binary.run(["search", "crème"], in: app.store)
    let recent = try app.get("/").body
    #expect(recent.contains("data-test=\"recent-search\">crème<"))
    #expect(recent.contains("data-test=\"recent-search\">ㅅㅇㅌ<"))
  }

  @Test func aBookmarksPageShowsItsHistoryAndRestoresAnEarlierVersion() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift", "--tag", "lang"]])
    let id = try #require(try app.firstCardID())
    let secret = try app.secret()
    let edited = try app.post(
      "/b/\(id)/edit",
      [
        "url": "https://swift.org", "title": "Swift.org", "tags": "lang, dev", "note": "home",
        "_secret": secret,
      ])
    #expect(edited.status == 303)
    let page = try app.get("/b/\(id)").body
    #expect(page.contains("data-test=\"bookmark-title\">Swift.org"))
    #expect(page.contains("home"))
    #expect(page.components(separatedBy: "data-test=\"history-entry\"").count == 3)
    #expect(page.contains("data-test=\"open-link\""))
    let oldest = try #require(
      page.components(separatedBy: "name=\"revision\" value=\"").last?.prefix { $0 != "\"" })
    let restored = try app.post(
      "/b/\(id)/restore", ["revision": String(oldest), "_secret": secret])
    #expect(restored.status == 303)
    #expect(try app.get("/b/\(id)").body.contains("data-test=\"bookmark-title\">Swift<"))
    let shown = try app.binary.run(["show", id], in: app.store).stdout
    #expect(!shown.contains("dev"))
  }

  @Test func aBookmarkWithoutTagsOrNoteSaysNoneForThem() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let id = try #require(try app.firstCardID())
    let page = try app.get("/b/\(id)").body
    #expect(page.contains("data-test=\"bookmark-tags\">none</dd>"))
    #expect(page.contains("data-test=\"bookmark-note\">none</dd>"))
    let korean = try app.get("/b/\(id)", headers: ["Accept-Language": "ko"]).body
    #expect(korean.contains("data-test=\"bookmark-tags\">없음</dd>"))
  }

  @Test func aPageDescriptionWithoutAPageTitleShowsNoPageTitle() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let id = try #require(try app.firstCardID())
    // The editor the CLI opens adds what a fetch of a page without a <title> would save.
    let editor = app.binary.git.path("describe")
    try """
    #!/bin/sh
    sed -i 's/^{$/{"metadata": {"description": "About the language"},/' "$1"
    """.write(toFile: editor, atomically: true, encoding: .utf8)
    chmod(editor, 0o755)
    #expect(try app.binary.run(["edit", id], in: app.store, env: ["EDITOR": editor]).status == 0)
    var page = try app.get("/b/\(id)").body
    let deadline = Date().addingTimeInterval(3)
    while !page.contains("About the language") && Date() < deadline {
      usleep(50_000)
      page = try app.get("/b/\(id)").body
    }
    #expect(page.contains("<dt>Description</dt><dd>About the language</dd>"))
    #expect(!page.contains("Page title"))
  }

  @Test func addPointsOutAlreadySavedAndNearDuplicatesAndUpdates() throws {
    let app = try ServedApp(adds: [["https://swift.org/blog", "--title", "Swift Blog"]])
    let secret = try app.secret()
    // The bookmarklet's GET only shows the form, filled in.
    let fresh = try app.get("/add?url=" + ServedApp.encode("https://example.org/a") + "&title=A")
    #expect(fresh.body.contains("value=\"https://example.org/a\""))
    #expect(!fresh.body.contains("already-saved"))
    #expect(try app.binary.run(["list"], in: app.store).stdout.contains("example.org") == false)
    let again = try app.get("/add?url=" + ServedApp.encode("https://swift.org/blog"))
    #expect(again.body.contains("data-test=\"already-saved\""))
    let near = try app.get("/add?url=" + ServedApp.encode("http://www.swift.org/blog/"))
    #expect(near.body.contains("data-test=\"near-duplicates\""))
    let refused = try app.post(
      "/add", ["url": "https://swift.org/blog", "tags": "dev", "_secret": secret])
    #expect(refused.status == 409)
    #expect(refused.body.contains("data-test=\"already-saved\""))
    let updated = try app.post(
      "/add", ["url": "https://swift.org/blog", "tags": "dev", "update": "1", "_secret": secret])
    #expect(updated.status == 303)
    #expect(
      try app.binary.run(["list", "--tag", "dev"], in: app.store).stdout.contains("Swift Blog"))
    let bad = try app.post("/add", ["url": "not a url at all", "_secret": secret])
    #expect(bad.status == 400)
    #expect(bad.body.contains("data-test=\"form-error\""))
  }

  @Test func deleteOffersUndo() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let id = try #require(try app.firstCardID())
    let secret = try app.secret()
    let deleted = try app.post("/b/\(id)/delete", ["_secret": secret])
    #expect(deleted.status == 200)
    #expect(deleted.body.contains("data-test=\"undo\""))
    #expect(try app.cardIDs().isEmpty)
    let undone = try app.post("/b/\(id)/restore", ["_secret": secret])
    #expect(undone.status == 303)
    #expect(try app.cardIDs() == [id])
  }

  @Test func theBookmarkletOpensTheAddFormOfThisServer() throws {
    let app = try ServedApp()
    let page = try app.get("/").body
    let link = try #require(
      page.components(separatedBy: "data-test=\"bookmarklet\"").first?
        .components(separatedBy: "href=\"").last)
    #expect(link.hasPrefix("javascript:"))
    #expect(link.contains("http://127.0.0.1:\(app.port)/add?url="))
    #expect(link.contains("noopener"))
    #expect(!link.contains(try app.secret()))
  }

  @Test func anAddressWithNoPageAnswersWithAPageOfTheApp() throws {
    let app = try ServedApp()
    let missing = try app.get("/no/such/page")
    #expect(missing.status == 404)
    #expect(missing.body.contains("data-test=\"message\""))
    #expect(missing.body.contains("There is no page at this address."))
    #expect(missing.body.contains("<a href=\"/\">"))
    // No search made yet: the list of recent searches is empty, so the page hides it.
    #expect(missing.body.contains("aria-label=\"Recent searches\"></ul>"))
    let korean = try app.get("/no/such/page", headers: ["Accept-Language": "ko"])
    #expect(korean.status == 404)
    #expect(korean.body.contains("이 주소에는 페이지가 없어요."))
  }
}
