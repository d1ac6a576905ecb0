import Foundation
import HolderCoreTestSupport

// A headless Chromium for the real-browser tests, driven over W3C WebDriver by chromedriver:
// how it is launched (the flags that keep it on 127.0.0.1 and quiet), the session's life, and
// the guarantee that the browser and the driver end even when a test fails. Page commands are
// in Browser+Page.swift, elements in Browser+Elements.swift.

/// How a test browser starts.
public struct BrowserOptions: Sendable {
  /// The viewport's size in CSS pixels (a desktop by default).
  public var width = 1280
  public var height = 800
  /// Where Chromium sends every request that is not for a loopback address.
  ///
  /// Loopback never goes through a proxy. By default a port on 127.0.0.1 where nothing listens, so an IP
  /// literal (which the resolver rule does not cover) fails too; a test may point it at its
  /// own server to see what a page tried to reach. nil: no proxy, the resolver rule alone.
  public var outsideProxy: String? = "127.0.0.1:9"
  /// Extra Chromium flags, after the harness's own.
  public var extraArguments: [String] = []

  public init() {}

  /// Chromium's flags for a profile in `profile`.
  func arguments(profile: String) -> [String] {
    [
      "--headless=new",
      // Root in a container has no user namespace for the sandbox.
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      // Pictures of the page, not of a scroll bar; the page keeps its full width.
      "--hide-scrollbars",
      "--window-size=\(width),\(height)",
      "--user-data-dir=\(profile)",
      // Nothing but 127.0.0.1 and localhost: every other name fails to resolve without a
      // DNS query, and every other address goes to the dead proxy.
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
      outsideProxy.map { "--proxy-server=http://\($0)" } ?? "--no-proxy-server",
      // Chromium's own traffic: updates, sync, metrics, safe browsing, translation, hints.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-default-apps",
      "--disable-extensions",
      "--disable-breakpad",
      "--disable-crash-reporter",
      "--disable-domain-reliability",
      "--disable-client-side-phishing-detection",
      "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,"
        + "CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions",
      "--metrics-recording-only",
      "--no-pings",
      "--no-first-run",
      "--no-default-browser-check",
      "--password-store=basic",
      "--use-mock-keychain",
      "--mute-audio",
      "--lang=en-US",
    ] + extraArguments
  }
}

/// One browser session, from `Browser.withSession`; every command is `async` and throws
/// `WebDriverError` with the driver's own words.
public final class Browser: Sendable {
  /// True when Chromium and chromedriver are installed; a suite says
  /// `.enabled(if: Browser.isInstalled, "needs chromium and chromium-driver: …")`.
  public static var isInstalled: Bool { ChromeDriverProcess.isInstalled }

  let wire: WebDriverWire
  /// `/session/ID`, the prefix of every command of this session.
  let path: String
  /// How long chromedriver and Chromium took to give a session (for CI's time budget).
  public let startDuration: Duration
  /// The session's own Chromium profile folder (removed when the session ends).
  public let profile: String

  private init(wire: WebDriverWire, path: String, startDuration: Duration, profile: String) {
    self.wire = wire
    self.path = path
    self.startDuration = startDuration
    self.profile = profile
  }

  /// Starts chromedriver and a headless Chromium with a fresh profile, runs `body`, and then
  /// always quits the browser and ends the driver, whether `body` returned or threw.
  public static func withSession<T>(
    _ options: BrowserOptions = BrowserOptions(),
    _ body: (Browser) async throws -> T
  ) async throws -> T {
    let clock = ContinuousClock()
    let started = clock.now
    let scratch = try ScratchDirectory()
    let profile = scratch.path("profile")
    let driver = try ChromeDriverProcess(home: scratch.path("home"))
    defer {
      driver.stop()
      // The profile goes only once Chromium has gone.
      withExtendedLifetime(scratch) {}
    }
    let wire = WebDriverWire(port: driver.port)
    let chromeOptions: WebDriverJSON = .object([
      "binary": .string(ChromeDriverProcess.chromiumPath),
      "args": .array(options.arguments(profile: profile).map(WebDriverJSON.string)),
      "prefs": [
        "intl.accept_languages": "en-US",
        "credentials_enable_service": false,
        "profile.password_manager_enabled": false,
      ],
    ])
    let capabilities: WebDriverJSON = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "acceptInsecureCerts": false,
          // Nothing waits by itself: a test waits for what it needs with `wait`.
          "timeouts": ["implicit": 0, "pageLoad": 30000, "script": 30000],
          "goog:loggingPrefs": ["browser": "ALL"],
          "goog:chromeOptions": chromeOptions,
        ]
      ]
    ]
    let answer: WebDriverJSON
    do {
      answer = try await wire.post("session", capabilities)
    } catch let error as WebDriverError {
      throw WebDriverError(
        error: error.error, message: error.message + "\nchromedriver said: " + driver.log,
        command: error.command)
    }
    guard let id = answer["sessionId"].string else {
      throw WebDriverError(
        error: "bad answer", message: answer.description, command: "POST session")
    }
    let browser = Browser(
      wire: wire, path: "session/\(id)", startDuration: clock.now - started, profile: profile)
    let result: T
    do {
      try await browser.setViewport(width: options.width, height: options.height)
      result = try await body(browser)
    } catch {
      try? await browser.quit()
      throw error
    }
    try await browser.quit()
    return result
  }

  /// Ends the session, which ends Chromium.
  private func quit() async throws {
    try await wire.delete(path)
  }
}
