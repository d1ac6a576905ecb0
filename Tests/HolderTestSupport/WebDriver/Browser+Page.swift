import Foundation

// What a test does with the page as a whole: go to a URL, run a script, wait for a condition,
// size the window, emulate a phone or dark mode, press keys, take a screenshot, read the
// console. Elements are in Browser+Elements.swift.

/// Key values for `press` (W3C WebDriver §17.4.2), joined with text: `Key.tab + "a"`.
public enum Key {
  public static let backspace = "\u{E003}"
  public static let tab = "\u{E004}"
  public static let enter = "\u{E007}"
  public static let shift = "\u{E008}"
  public static let control = "\u{E009}"
  public static let escape = "\u{E00C}"
  public static let space = "\u{E00D}"
  public static let end = "\u{E010}"
  public static let home = "\u{E011}"
  public static let arrowLeft = "\u{E012}"
  public static let arrowUp = "\u{E013}"
  public static let arrowRight = "\u{E014}"
  public static let arrowDown = "\u{E015}"
  public static let delete = "\u{E017}"
}

/// The colour scheme a page's `prefers-color-scheme` sees.
public enum ColorScheme: String, Sendable {
  case light
  case dark
}

/// One line of the browser's console, or a failed load the browser reported there.
public struct ConsoleEntry: Sendable, CustomStringConvertible {
  /// `SEVERE`, `WARNING`, `INFO` or `DEBUG`.
  public var level: String
  /// Where it came from: `console-api` for the page's `console.*`, `network` for a failed
  /// request, `javascript` for an uncaught error.
  public var source: String
  public var message: String

  public var description: String { "[\(level) \(source)] \(message)" }
}

/// A condition that did not come true before its deadline.
public struct WaitTimeout: Error, CustomStringConvertible {
  public var what: String
  public var seconds: Double
  /// The error the last try threw, if it threw.
  public var lastError: String?

  public var description: String {
    "waited \(seconds) s for \(what)" + (lastError.map { "; last try: \($0)" } ?? "")
  }
}

extension Browser {
  /// Loads `url` and returns when the page's load event has fired.
  ///
  /// A page that reloads itself when the store changes can cancel a navigation begun at the
  /// same moment, leaving the browser where it was: then the way is taken again.
  public func navigate(to url: String) async throws {
    let before = try await currentURL()
    for _ in 0..<3 {
      try await wire.post("\(path)/url", ["url": .string(url)])
      guard url != before, try await currentURL() == before else { return }
    }
  }

  /// The page's URL now.
  public func currentURL() async throws -> String {
    try await wire.get("\(path)/url").string ?? ""
  }

  /// `document.title`.
  public func title() async throws -> String {
    try await wire.get("\(path)/title").string ?? ""
  }

  /// Runs `script` as a function body in the page (`arguments[0]`… are `args`) and returns
  /// what it returns; `undefined` arrives as `.null`.
  @discardableResult
  public func execute(_ script: String, _ args: [WebDriverJSON] = []) async throws -> WebDriverJSON
  {
    try await wire.post("\(path)/execute/sync", ["script": .string(script), "args": .array(args)])
  }

  /// Asks `condition` until it is true, for up to `timeout`; `what` names it in the error.
  ///
  /// Polling the browser is the only waiting here: no test sleeps for a clock.
  public func wait(
    _ what: String, timeout: Duration = .seconds(10),
    until condition: () async throws -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var lastError: String?
    while true {
      do {
        if try await condition() { return }
        lastError = nil
      } catch {
        lastError = "\(error)"
      }
      guard clock.now < deadline else {
        throw WaitTimeout(
          what: what, seconds: Double(timeout.components.seconds), lastError: lastError)
      }
      // Between two questions to the browser, so that two cores shared with the page and
      // the server under test are not spent on asking.
      try await Task.sleep(for: .milliseconds(25))
    }
  }

  /// Waits until `expression` (JavaScript) is truthy in the page.
  public func wait(forScript expression: String, timeout: Duration = .seconds(10)) async throws {
    try await wait("`\(expression)`", timeout: timeout) {
      let value = try await execute("return !!(\(expression));")
      return value.bool == true
    }
  }

  /// Sets the window's outer size.
  ///
  /// Headless Chromium counts a frame around the page and
  /// keeps a window at least 500 pixels wide: `setViewport` is the size the page sees.
  public func setWindowSize(width: Int, height: Int) async throws {
    try await wire.post(
      "\(path)/window/rect", ["width": .number(Double(width)), "height": .number(Double(height))])
  }

  /// Makes the page's viewport (`innerWidth`×`innerHeight`, and a screenshot) exactly
  /// `width`×`height` CSS pixels of a desktop: no touch, one device pixel per CSS pixel.
  public func setViewport(width: Int, height: Int) async throws {
    try await metrics(width: width, height: height, scale: 1, mobile: false)
  }

  /// Makes the viewport a phone's, with touch and the page's `<meta name=viewport>` honoured.
  ///
  /// `width`×`height` CSS pixels at `scale` device pixels each (a screenshot is that much
  /// larger); `setViewport` goes back to a desktop.
  public func emulatePhone(width: Int = 390, height: Int = 844, scale: Int = 2) async throws {
    try await metrics(width: width, height: height, scale: scale, mobile: true)
  }

  private func metrics(width: Int, height: Int, scale: Int, mobile: Bool) async throws {
    try await cdp(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": .number(Double(width)), "height": .number(Double(height)),
        "deviceScaleFactor": .number(Double(scale)), "mobile": .bool(mobile),
      ])
    try await cdp(
      "Emulation.setTouchEmulationEnabled", ["enabled": .bool(mobile), "maxTouchPoints": 5])
  }

  /// What `prefers-color-scheme` says from now on, in this tab.
  public func setColorScheme(_ scheme: ColorScheme) async throws {
    try await cdp(
      "Emulation.setEmulatedMedia",
      ["features": [["name": "prefers-color-scheme", "value": .string(scheme.rawValue)]]])
  }

  /// A Chrome DevTools Protocol command through chromedriver's `goog/cdp/execute`.
  @discardableResult
  public func cdp(_ command: String, _ parameters: WebDriverJSON = [:]) async throws
    -> WebDriverJSON
  {
    try await wire.post(
      "\(path)/goog/cdp/execute", ["cmd": .string(command), "params": parameters])
  }

  /// Presses and releases each key of `keys` in turn on whatever has the focus: text, or
  /// `Key` values (`Key.tab + Key.enter`).
  public func press(_ keys: String) async throws {
    var actions: [WebDriverJSON] = []
    for scalar in keys.unicodeScalars {
      let value = WebDriverJSON.string(String(scalar))
      actions += [["type": "keyDown", "value": value], ["type": "keyUp", "value": value]]
    }
    try await performKeys(actions)
  }

  /// Holds `modifiers` down while pressing `key`: `chord(Key.shift, Key.tab)`.
  public func chord(_ modifiers: String..., key: String) async throws {
    let down = modifiers.map { WebDriverJSON.object(["type": "keyDown", "value": .string($0)]) }
    let up = modifiers.reversed().map {
      WebDriverJSON.object(["type": "keyUp", "value": .string($0)])
    }
    let pressed: [WebDriverJSON] = [
      ["type": "keyDown", "value": .string(key)], ["type": "keyUp", "value": .string(key)],
    ]
    try await performKeys(down + pressed + up)
  }

  private func performKeys(_ actions: [WebDriverJSON]) async throws {
    try await wire.post(
      "\(path)/actions",
      ["actions": [["type": "key", "id": "keyboard", "actions": .array(actions)]]])
    try await wire.delete("\(path)/actions")
  }

  /// The visible part of the page as PNG bytes, also written to `file` when given (its
  /// folder is made).
  @discardableResult
  public func screenshot(to file: String? = nil) async throws -> Data {
    let encoded = try await wire.get("\(path)/screenshot").string ?? ""
    return try Self.png(base64: encoded, command: "GET screenshot", to: file)
  }

  /// The PNG a screenshot command answered in base64, written to `file` when given.
  static func png(base64 encoded: String, command: String, to file: String?) throws -> Data {
    guard let png = Data(base64Encoded: encoded) else {
      throw WebDriverError(
        error: "bad answer", message: "a screenshot that is not base64", command: command)
    }
    if let file {
      let url = URL(fileURLWithPath: file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try png.write(to: url)
    }
    return png
  }

  /// The console lines since the last call (the browser forgets what it handed over):
  /// the page's `console.*`, uncaught errors, failed loads, CSP violations.
  public func consoleLog() async throws -> [ConsoleEntry] {
    let entries = try await wire.post("\(path)/se/log", ["type": "browser"]).array ?? []
    return entries.map {
      ConsoleEntry(
        level: $0["level"].string ?? "", source: $0["source"].string ?? "",
        message: $0["message"].string ?? "")
    }
  }
}
