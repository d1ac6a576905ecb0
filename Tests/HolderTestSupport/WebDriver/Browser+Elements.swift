import Foundation

// Elements of the page: finding them by CSS selector, and what a person does with one (click,
// type, read its text and attributes). Page-wide commands are in Browser+Page.swift.

/// An element the driver found; stale once the page replaces it.
public struct Element: Sendable {
  /// W3C WebDriver's key for an element reference in JSON.
  static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

  let browser: Browser
  /// The driver's id for the element.
  public let id: String

  private var path: String { "\(browser.path)/element/\(id)" }

  /// The element as a script argument (`arguments[0]` is then the DOM element).
  public var reference: WebDriverJSON { [Self.referenceKey: .string(id)] }

  /// Scrolls it into view and clicks its centre, as a mouse would (fails when something
  /// covers it).
  public func click() async throws {
    try await browser.wire.post("\(path)/click")
  }

  /// Focuses it and types `text` (which may hold `Key` values) key by key.
  public func type(_ text: String) async throws {
    try await browser.wire.post("\(path)/value", ["text": .string(text)])
  }

  /// Empties an input or text area.
  public func clear() async throws {
    try await browser.wire.post("\(path)/clear")
  }

  /// Its rendered text, as a person sees it (hidden parts left out).
  public func text() async throws -> String {
    try await browser.wire.get("\(path)/text").string ?? ""
  }

  /// The attribute as written in the HTML, or nil when absent.
  public func attribute(_ name: String) async throws -> String? {
    try await browser.wire.get("\(path)/attribute/\(name)").string
  }

  /// The DOM property now (an input's `value`, a checkbox's `checked`).
  public func property(_ name: String) async throws -> WebDriverJSON {
    try await browser.wire.get("\(path)/property/\(name)")
  }

  /// True when it is rendered and visible.
  public func isDisplayed() async throws -> Bool {
    try await browser.wire.get("\(path)/displayed").bool ?? false
  }

  /// The first element inside it matching `css`.
  public func find(_ css: String) async throws -> Element {
    let value = try await browser.wire.post(
      "\(path)/element", ["using": "css selector", "value": .string(css)])
    return try Element(browser: browser, reference: value)
  }

  init(browser: Browser, reference: WebDriverJSON) throws {
    guard let id = reference[Self.referenceKey].string else {
      throw WebDriverError(
        error: "bad answer", message: "not an element: \(reference)", command: "find")
    }
    self.browser = browser
    self.id = id
  }
}

extension Browser {
  /// The first element matching `css`; throws `no such element` when there is none now.
  public func find(_ css: String) async throws -> Element {
    let value = try await wire.post(
      "\(path)/element", ["using": "css selector", "value": .string(css)])
    return try Element(browser: self, reference: value)
  }

  /// Every element matching `css` now, in document order.
  public func findAll(_ css: String) async throws -> [Element] {
    let values = try await wire.post(
      "\(path)/elements", ["using": "css selector", "value": .string(css)])
    return try (values.array ?? []).map { try Element(browser: self, reference: $0) }
  }

  /// Waits until an element matches `css`, and returns it.
  public func waitFor(_ css: String, timeout: Duration = .seconds(10)) async throws -> Element {
    try await wait("an element matching `\(css)`", timeout: timeout) {
      try await !findAll(css).isEmpty
    }
    return try await find(css)
  }

  /// The element that has the focus (the body when none has).
  public func focused() async throws -> Element {
    try Element(browser: self, reference: try await wire.get("\(path)/element/active"))
  }
}
