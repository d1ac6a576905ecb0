import Foundation
import HolderTestSupport
import Testing

// The real-browser harness itself (Tests/HolderTestSupport/WebDriver), against pages on a
// loopback server: forms, keys, screenshots light and dark at desktop and phone width, a
// hostile title that must stay text, and a page that must reach nothing outside 127.0.0.1.

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserHarnessTests {
  @Test func fillsAFormClicksAndReadsTheResult() async throws {
    let site = try HarnessSite.start()
    try await Browser.withSession { browser in
      print("browser: a session in \(browser.startDuration)")
      try await browser.navigate(to: site.baseURL + "/form")
      #expect(try await browser.title() == "Add")
      try await browser.find("#title").type("Rust & <b>bold</b>")
      try await browser.find("#tag").type("lang/rust")
      try await browser.find("#save").click()
      let result = try await browser.waitFor("#result")
      #expect(try await result.text() == "Saved Rust & <b>bold</b> under lang/rust")
      #expect(try await browser.currentURL().hasPrefix(site.baseURL + "/result?"))
    }
  }

  @Test func aKeyboardFlowMovesFocusAddsAndSelects() async throws {
    let site = try HarnessSite.start()
    try await Browser.withSession { browser in
      try await browser.navigate(to: site.baseURL + "/keys")
      try await browser.press(Key.tab)
      #expect(try await browser.focused().attribute("id") == "first")
      try await browser.press(Key.tab + "alpha" + Key.enter + "beta" + Key.enter)
      #expect(try await browser.focused().attribute("id") == "entry")
      let items = try await browser.findAll("#items li")
      #expect(try await items.asyncMap { try await $0.text() } == ["alpha", "beta"])
      let console = try await browser.consoleLog().filter { $0.source == "console-api" }
      #expect(console.map(\.level) == ["INFO", "INFO"])
      #expect(console.last?.message.hasSuffix(#""added beta""#) == true)
      try await browser.press(Key.arrowDown + Key.arrowDown)
      #expect(try await browser.find("#selected").text() == "beta")
      try await browser.press(Key.arrowUp)
      #expect(try await browser.find("#selected").text() == "alpha")
      try await browser.chord(Key.shift, key: Key.tab)
      #expect(try await browser.focused().attribute("id") == "first")
      // Korean initial consonants, as the search box gets them.
      let entry = try await browser.find("#entry")
      try await entry.type("ㅅㅇㅌ")
      #expect(try await entry.property("value") == "ㅅㅇㅌ")
    }
  }

  @Test func screenshotsLightAndDarkAtDesktopAndPhoneWidth() async throws {
    let site = try HarnessSite.start()
    let scratch = try ScratchDirectory()
    // HOLDER_GIT_SCREENSHOTS=folder keeps them to look at.
    let folder = ProcessInfo.processInfo.environment["HOLDER_GIT_SCREENSHOTS"] ?? scratch.path
    try await Browser.withSession { browser in
      try await browser.navigate(to: site.baseURL + "/styled")
      for scheme in [ColorScheme.light, .dark] {
        try await browser.setColorScheme(scheme)
        let background = try await browser.execute(
          "return getComputedStyle(document.body).backgroundColor")
        #expect(background.string == (scheme == .dark ? "rgb(17, 17, 17)" : "rgb(255, 255, 255)"))

        try await browser.setViewport(width: 1280, height: 800)
        #expect(try await columns(browser) == 3)
        let desktop = try await browser.screenshot(to: "\(folder)/styled-desktop-\(scheme).png")
        #expect(pngSize(desktop) == [1280, 800])

        try await browser.setViewport(width: 390, height: 844)
        #expect(try await browser.execute("return [innerWidth, innerHeight]") == [390, 844])
        #expect(try await columns(browser) == 1)
        let phone = try await browser.screenshot(to: "\(folder)/styled-phone-\(scheme).png")
        #expect(pngSize(phone) == [390, 844])

        try await browser.emulatePhone(width: 390, height: 844)
        #expect(try await browser.execute("return matchMedia('(pointer: coarse)').matches") == true)
        let retina = try await browser.screenshot(to: "\(folder)/styled-phone2x-\(scheme).png")
        #expect(pngSize(retina) == [780, 1688])
      }
      #expect(FileManager.default.fileExists(atPath: "\(folder)/styled-desktop-dark.png"))
    }
  }

  @Test func aScriptInAnEscapedTitleDoesNotRun() async throws {
    let site = try HarnessSite.start()
    try await Browser.withSession { browser in
      try await browser.navigate(to: site.baseURL + "/hostile")
      #expect(try await browser.title() == HarnessSite.hostileTitle)
      #expect(try await browser.find("#copy").text() == HarnessSite.hostileTitle)
      #expect(try await browser.findAll("#name img, #name script").isEmpty)
      #expect(try await browser.execute("return typeof window.__pwned").string == "undefined")

      // The check sees a script that does run: the same title unescaped sets the flag.
      try await browser.navigate(to: site.baseURL + "/unsafe")
      try await browser.wait(forScript: "window.__pwned !== undefined")
    }
  }

  @Test func anOutsideNameIsNotResolvedAndNothingIsFetched() async throws {
    let site = try HarnessSite.start()
    var options = BrowserOptions()
    // The resolver rule alone: no proxy to catch what it lets through.
    options.outsideProxy = nil
    try await Browser.withSession(options) { browser in
      try await browser.navigate(to: site.baseURL + "/outside-name")
      try await browser.wait(forScript: "document.getElementById('named').complete")
      #expect(try await browser.execute("return named.naturalWidth").number == 0)
      let entry = try await browser.execute(
        """
        const e = performance.getEntriesByName('http://example.com/x.png')[0];
        return e ? {transfer: e.transferSize, response: e.responseStart} : null;
        """)
      #expect(entry.isNull || (entry["transfer"] == 0 && entry["response"] == 0))
      let failures = try await browser.consoleLog().filter {
        $0.source == "network" && !$0.message.contains("favicon.ico")
      }
      #expect(failures.contains { $0.message.contains("example.com") })
      #expect(failures.allSatisfy { $0.message.contains("ERR_NAME_NOT_RESOLVED") })
    }
  }

  @Test func everyOutsideRequestGoesOnlyToLoopback() async throws {
    let site = try HarnessSite.start()
    // Stands where the dead proxy is, to see what the page tried to reach.
    let trap = try TestHTTPServer { _ in .send(status: 502, headers: [:], body: []) }
    var options = BrowserOptions()
    options.outsideProxy = "127.0.0.1:\(trap.port)"
    try await Browser.withSession(options) { browser in
      try await browser.navigate(to: site.baseURL + "/outside")
      try await browser.wait(
        forScript: "document.getElementById('named').complete && literal.complete")
      let asked = Set(trap.received.map(\.target))
      #expect(asked.contains("http://example.com/x.png"))
      #expect(asked.contains("http://192.0.2.1/x.png"))
      #expect(site.received.allSatisfy { !$0.target.contains("x.png") })
    }
  }

  @Test func aWindowOpenedByThePageIsDrivenAndClosed() async throws {
    let site = try HarnessSite.start()
    try await Browser.withSession { browser in
      try await browser.navigate(to: site.baseURL + "/opener")
      let first = try await browser.currentWindow()
      try await browser.find("#open").click()
      try await browser.switchToNewWindow(besides: [first])
      #expect(try await browser.waitFor("#result").text() == "Saved Opener under from-opener")
      try await browser.closeWindow()
      try await browser.switchToWindow(first)
      #expect(try await browser.windows() == [first])
      #expect(try await browser.title() == "Opener")
    }
  }

  @Test func dialogsHistoryAndAFullPageScreenshot() async throws {
    let site = try HarnessSite.start()
    try await Browser.withSession { browser in
      try await browser.navigate(to: site.baseURL + "/opener")
      #expect(try await browser.dialogText() == nil)
      try await browser.find("#remove").click()
      #expect(try await browser.dialogText() == "Delete it?")
      try await browser.answerDialog(accept: false)
      #expect(try await browser.find("#answer").text() == "kept")
      try await browser.find("#remove").click()
      try await browser.answerDialog(accept: true)
      #expect(try await browser.find("#answer").text() == "deleted")

      try await browser.navigate(to: site.baseURL + "/long")
      let whole = try await browser.fullPageScreenshot()
      #expect(pngSize(whole).first == 1280)
      #expect((pngSize(whole).last ?? 0) > 800)
      try await browser.back()
      #expect(try await browser.title() == "Opener")
      try await browser.refresh()
      #expect(try await browser.find("#answer").text() == "")
    }
  }

  @Test func aFailingTestStillEndsTheBrowserAndItsDriver() async throws {
    struct Failure: Error {}
    let site = try HarnessSite.start()
    // The session's scratch folder: the profile and the HOME that the driver, Chromium and
    // its crash handler were given.
    var scratch = ""
    await #expect(throws: Failure.self) {
      try await Browser.withSession { browser in
        scratch = URL(fileURLWithPath: browser.profile).deletingLastPathComponent().path
        try await browser.navigate(to: site.baseURL + "/form")
        #expect(processes(mentioning: scratch).count > 2)
        throw Failure()
      }
    }
    #expect(processes(mentioning: scratch).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: scratch))
  }

  /// The live processes whose command line holds `text` (a profile folder is unique).
  private func processes(mentioning text: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
      guard Int(entry) != nil,
        let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return false }
      // A process that has exited but is not yet reaped has an empty command line.
      return String(decoding: line, as: UTF8.self).contains(text)
    }
  }

  private func columns(_ browser: Browser) async throws -> Int {
    let template = try await browser.execute(
      "return getComputedStyle(document.querySelector('main')).gridTemplateColumns")
    return template.string?.split(separator: " ").count ?? 0
  }

  /// A PNG's width and height from its IHDR chunk.
  private func pngSize(_ png: Data) -> [Int] {
    let bytes = [UInt8](png)
    guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return [] }
    let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return [number(16), number(20)]
  }
}

extension Array {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var result: [T] = []
    for element in self { result.append(try await transform(element)) }
    return result
  }
}
