// The screenshots of docs/web-app.md: browse, search, a bookmark's page and the add form for
// a page saved already, at desktop and phone width, light and dark, of a small store with
// fixed ids and dates. Every run checks on each page what a person would notice; the pictures
// are written only when HOLDER_GIT_SCREENSHOTS names a folder (`make screenshots` names
// docs/screenshots/).
import Foundation
import HolderTestSupport
import Testing

/// A dozen bookmarks as a person's store might hold them, imported in one commit, one of them
/// edited a week later on another device; a few have a page image, served from 127.0.0.1.
final class ShowcaseStore: Sendable {
  /// The bookmark whose page is shown: a note, tags, a favourite, two versions.
  static let proGit = "00000000-0000-4000-8000-000000000004"
  static let proGitNote = "Chapter 10 (Git internals) before the talk: objects, refs, packfiles."
  /// The page the add form is opened for, as the bookmarklet opens it.
  static let savedPage = "https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP"
  static let savedPageTitle = "Content Security Policy (CSP) - HTTP | MDN"

  /// Each picture's colours, top left to bottom right.
  static let pictures: [String: ((Int, Int, Int), (Int, Int, Int))] = [
    "swift": ((240, 81, 56), (250, 160, 60)),
    "hummingbird": ((22, 160, 133), (40, 80, 160)),
    "libgit2": ((120, 60, 170), (230, 90, 120)),
    "pizza": ((250, 200, 70), (170, 60, 30)),
    "kyoto": ((200, 40, 50), (250, 170, 90)),
  ]

  let site: TestHTTPServer
  let app: ServedApp

  init() throws {
    site = try TestHTTPServer { request in
      let name = request.target.dropFirst("/img/".count).replacingOccurrences(of: ".png", with: "")
      guard request.target.hasPrefix("/img/"), let colours = ShowcaseStore.pictures[name] else {
        return .send(status: 404, headers: ["Content-Type": "text/plain"], body: [])
      }
      return .send(
        status: 200, headers: ["Content-Type": "image/png"],
        body: PNGPicture.gradient(from: colours.0, to: colours.1))
    }
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    let file = binary.git.path("showcase.json")
    try JSONSerialization.data(withJSONObject: Self.bookmarks(imageSite: site.baseURL))
      .write(to: URL(fileURLWithPath: file))
    // Fixed clocks, zone and device names: the pictures are the same at every run.
    func run(_ arguments: [String], at now: String, on device: String) throws {
      let env = ["HOLDER_GIT_NOW": now, "HOLDER_GIT_DEVICE": device, "TZ": "UTC"]
      let result = try binary.run(arguments, in: store, env: env)
      guard result.status == 0 else { throw ServeTestFailure("\(arguments): \(result.stderr)") }
    }
    try run(["init"], at: "2026-03-02T08:30:00Z", on: "laptop")
    try run(["import", file], at: "2026-03-02T08:31:00Z", on: "laptop")
    try run(
      [
        "edit", Self.proGit, "--title", "Pro Git", "--note", Self.proGitNote, "--add-tag",
        "reading",
      ], at: "2026-03-09T19:05:00Z", on: "phone")
    // Online, so that the app fetches the page images from the local site once.
    app = try ServedApp(binary: binary, store: store, env: ["HOLDER_GIT_OFFLINE": "0"])
  }

  /// The import file: holder-git's own JSON, ids and dates included.
  static func bookmarks(imageSite: String) -> [[String: Any]] {
    let rows:
      [(
        url: String, title: String, tags: [String], day: String, note: String?, favorite: Bool,
        picture: String?
      )] = [
        (
          "https://www.swift.org/blog/", "Swift.org Blog", ["dev/swift"], "2026-02-27", nil,
          false, "swift"
        ),
        (
          "https://github.com/hummingbird-project/hummingbird",
          "Hummingbird: lightweight, flexible HTTP server framework written in Swift",
          ["dev/swift", "dev/web"], "2026-02-25", nil, false, "hummingbird"
        ),
        (savedPage, savedPageTitle, ["dev/web", "security"], "2026-02-24", nil, false, nil),
        (
          "https://git-scm.com/book/en/v2", "Pro Git book", ["dev/git"], "2026-02-20",
          "Chapter 10 first.", true, nil
        ),
        (
          "https://ja.wikipedia.org/wiki/東京タワー", "東京タワー - Wikipedia", ["travel/japan"],
          "2026-02-18", nil, false, nil
        ),
        (
          "https://ko.wikipedia.org/wiki/서울특별시", "서울특별시 - 위키백과", ["travel/korea", "여행"],
          "2026-02-15", "가을에 다시", false, nil
        ),
        (
          "https://www.rfc-editor.org/rfc/rfc9110", "RFC 9110: HTTP Semantics",
          ["dev/web", "reading"], "2026-02-12", nil, false, nil
        ),
        ("https://libgit2.org/", "libgit2", ["dev/git"], "2026-02-10", nil, false, "libgit2"),
        (
          "https://www.seriouseats.com/foolproof-pan-pizza-recipe", "Foolproof Pan Pizza",
          ["cooking"], "2026-02-07", "Start the dough the night before.", true, "pizza"
        ),
        (
          "https://swiftpackageindex.com/", "Swift Package Index", ["dev/swift"], "2026-02-04",
          nil, true, nil
        ),
        (
          "https://developer.apple.com/documentation/swift/concurrency",
          "Concurrency | Apple Developer Documentation", ["dev/swift", "reading"], "2026-02-02",
          nil, false, nil
        ),
        (
          "https://www.japan-guide.com/e/e2158.html", "Kyoto Travel Guide", ["travel/japan"],
          "2026-01-30", nil, false, "kyoto"
        ),
      ]
    return rows.enumerated().map { index, row in
      let time = row.day + "T\(10 + index % 9):\(10 + index * 3):00.000Z"
      var bookmark: [String: Any] = [
        "id": String(format: "00000000-0000-4000-8000-%012d", index + 1),
        "url": row.url, "title": row.title, "tags": row.tags, "favorite": row.favorite,
        "created": time, "lastModified": time,
      ]
      if let note = row.note { bookmark["note"] = note }
      if let picture = row.picture {
        bookmark["metadata"] = [
          "title": row.title, "image": "\(imageSite)/img/\(picture).png", "fetched": time,
        ]
      }
      // The bookmark whose page is shown has a description and no image: an image's address
      // would show the local site's port, which changes at every run.
      if row.url.hasPrefix("https://git-scm.com") {
        bookmark["metadata"] = [
          "title": "Git - Book",
          "description":
            "The entire Pro Git book, written by Scott Chacon and Ben Straub and published by"
            + " Apress, is available here.",
          "fetched": time,
        ]
      }
      return bookmark
    }
  }
}

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct ScreenshotTests {
  /// One width and one colour scheme; the pictures' names say both.
  struct Look: CustomStringConvertible {
    var phone: Bool
    var scheme: ColorScheme
    var description: String { (phone ? "phone-" : "desktop-") + scheme.rawValue }
  }

  @Test func browseSearchABookmarkAndTheAddFormAtEachWidthInEachScheme() async throws {
    let showcase = try ShowcaseStore()
    defer { showcase.site.stop() }
    let app = showcase.app
    try await Browser.withSession { browser in
      for phone in [false, true] {
        if phone {
          try await browser.emulatePhone(width: 390, height: 844)
        } else {
          try await browser.setViewport(width: 1280, height: 800)
        }
        for scheme in [ColorScheme.light, .dark] {
          let look = Look(phone: phone, scheme: scheme)
          try await browser.setColorScheme(scheme)
          try await browse(browser, app, look)
          try await search(browser, app, look)
          try await bookmark(browser, app, look)
          try await alreadySaved(browser, app, look)
        }
      }
    }
  }

  private func browse(_ browser: Browser, _ app: ServedApp, _ look: Look) async throws {
    try await browser.navigate(to: app.origin)
    #expect(try await browser.find("[data-test=summary]").text() == "12 bookmarks", "\(look)")
    #expect(try await browser.findAll("[data-test=card]").count == 12, "\(look)")
    #expect(try await browser.findAll("[data-test=star]").count == 3, "\(look)")
    // Most recently changed first: the bookmark edited last.
    #expect(try await browser.find("[data-test=card-title]").text() == "Pro Git", "\(look)")
    #expect(try await browser.findAll("[data-test=tag-link]").count >= 8, "\(look)")
    try await checkWhatEveryPageShows(browser, look, pictures: look.phone ? 2 : 5)
    try await ScreenshotFolder.keep(browser, "browse-\(look)")
  }

  private func search(_ browser: Browser, _ app: ServedApp, _ look: Look) async throws {
    try await browser.navigate(to: app.origin)
    try await browser.find("#q").type("swift")
    try await browser.wait("the matches of swift") {
      try await browser.find("[data-test=summary]").text() == "4 bookmarks match ‘swift’"
    }
    #expect(try await browser.findAll("[data-test=card]").count == 4, "\(look)")
    let marks = try await browser.findAll("[data-test=card] mark")
    #expect(marks.count >= 4, "\(look)")
    for mark in marks { #expect(try await mark.text().lowercased() == "swift", "\(look)") }
    // The highlight stands out from the card, and what it marks stays readable on it: the
    // lowest contrast of a mark's text on its background is WCAG's 4.5:1 at least.
    let marked = try await browser.execute(
      """
      const luminance = (colour) => {
        const [r, g, b] = colour.match(/\\d+/g).slice(0, 3).map((value) => value / 255)
          .map((c) => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const card = getComputedStyle(document.querySelector('.card')).backgroundColor;
      const marks = [...document.querySelectorAll('[data-test=card] mark')]
        .map((mark) => getComputedStyle(mark));
      return [marks.every((mark) => mark.backgroundColor !== card),
        Math.min(...marks.map((mark) =>
          ratio(luminance(mark.color), luminance(mark.backgroundColor))))];
      """
    ).array
    #expect(marked?.first?.bool == true, "\(look)")
    #expect((marked?.last?.number ?? 0) >= 4.5, "\(look): contrast \(marked ?? [])")
    #expect(try await browser.currentURL().hasSuffix("/?q=swift"), "\(look)")
    try await checkWhatEveryPageShows(browser, look, pictures: 2)
    try await ScreenshotFolder.keep(browser, "search-\(look)")
  }

  private func bookmark(_ browser: Browser, _ app: ServedApp, _ look: Look) async throws {
    try await browser.navigate(to: app.origin + "b/" + ShowcaseStore.proGit)
    let title = try await browser.find("[data-test=bookmark-title]").text()
    #expect(title.hasPrefix("Pro Git ★"), "\(look): \(title)")
    #expect(
      try await browser.find("[data-test=bookmark-tags]").text() == "dev/git reading", "\(look)")
    #expect(
      try await browser.find("[data-test=bookmark-note]").text() == ShowcaseStore.proGitNote,
      "\(look)")
    let history = try await browser.findAll("[data-test=history-entry]")
    #expect(history.count == 2, "\(look)")
    if let newest = history.first {
      #expect(try await newest.text().hasPrefix("2026-03-09 19:05 phone Changed"), "\(look)")
    }
    #expect(try await browser.findAll("[data-test=restore]").count == 1, "\(look)")
    try await checkWhatEveryPageShows(browser, look, pictures: 0)
    try await ScreenshotFolder.keep(browser, "bookmark-\(look)")
  }

  /// The add form as the bookmarklet opens it on a page that is saved already.
  private func alreadySaved(_ browser: Browser, _ app: ServedApp, _ look: Look) async throws {
    let page = ShowcaseStore.savedPage
    try await browser.navigate(
      to: app.origin + "add?url=" + ServedApp.encode(page) + "&title="
        + ServedApp.encode(ShowcaseStore.savedPageTitle))
    let notice = try await browser.find("[data-test=already-saved]")
    #expect(try await notice.isDisplayed(), "\(look)")
    #expect(
      try await notice.text().hasPrefix("Already saved on 2026-02-24 12:16 UTC:"), "\(look)")
    #expect(
      try await browser.find("[data-test=already-saved-link]").text()
        == ShowcaseStore.savedPageTitle, "\(look)")
    #expect(try await browser.find("[data-test=field-url]").property("value").string == page)
    #expect(try await browser.find("[data-test=save]").text() == "Update", "\(look)")
    try await checkWhatEveryPageShows(browser, look, pictures: 0)
    try await ScreenshotFolder.keep(browser, "add-\(look)")
  }

  /// What every page must show in every look: the scheme asked for, nothing wider than the
  /// window, every picture in view loaded (at least `pictures` of them), no error in the
  /// console.
  private func checkWhatEveryPageShows(_ browser: Browser, _ look: Look, pictures: Int)
    async throws
  {
    let background = try await browser.execute(
      """
      const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
      return (rgb[0] + rgb[1] + rgb[2]) / 3;
      """
    ).number
    if look.scheme == .dark {
      #expect(background.map { $0 < 60 } == true, "\(look): background \(background ?? -1)")
    } else {
      #expect(background.map { $0 > 200 } == true, "\(look): background \(background ?? -1)")
    }
    let widths = try await browser.execute(
      "return [document.documentElement.scrollWidth, window.innerWidth];"
    ).array?.compactMap(\.number)
    #expect(widths?.count == 2 && widths?[0] == widths?[1], "\(look): widths \(widths ?? [])")
    #expect(widths?.last == (look.phone ? 390 : 1280), "\(look)")
    let inView = """
      const inView = [...document.images].filter(
        (image) => image.getBoundingClientRect().top < innerHeight);
      """
    try await browser.wait("the pictures in view") {
      try await browser.execute(inView + "return inView.every((image) => image.complete);")
        .bool == true
    }
    let drawn = try await browser.execute(
      inView + "return [inView.filter((image) => image.naturalWidth > 0).length, inView.length];"
    ).array?.compactMap(\.number)
    #expect(
      drawn?.count == 2 && drawn?[0] == drawn?[1] && (drawn?[0] ?? 0) >= Double(pictures),
      "\(look): pictures drawn, in view \(drawn ?? [])")
    let errors = try await browser.consoleLog().filter { $0.level == "SEVERE" }
    #expect(errors.isEmpty, "\(look): \(errors)")
  }
}
