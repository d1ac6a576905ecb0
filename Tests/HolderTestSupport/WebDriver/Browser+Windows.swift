import Foundation

// Windows, history and dialogs: what a bookmarklet that opens a window, the back button or a
// `confirm()` needs. Page-wide commands are in Browser+Page.swift.

extension Browser {
  /// The handles of every open window and tab, in the order they opened.
  public func windows() async throws -> [String] {
    try await wire.get("\(path)/window/handles").array?.compactMap(\.string) ?? []
  }

  /// The handle of the window commands go to now.
  public func currentWindow() async throws -> String {
    try await wire.get("\(path)/window").string ?? ""
  }

  /// Sends the following commands to `handle`'s window.
  public func switchToWindow(_ handle: String) async throws {
    try await wire.post("\(path)/window", ["handle": .string(handle)])
  }

  /// Waits for a window other than those in `known` (one a click or script opened), and
  /// switches to it.
  @discardableResult
  public func switchToNewWindow(
    besides known: [String], timeout: Duration = .seconds(10)
  ) async throws -> String {
    var opened: String?
    try await wait("a new window", timeout: timeout) {
      opened = try await windows().first { !known.contains($0) }
      return opened != nil
    }
    let handle = opened ?? ""
    try await switchToWindow(handle)
    return handle
  }

  /// Closes the current window; switch to another one before the next command.
  public func closeWindow() async throws {
    try await wire.delete("\(path)/window")
  }

  /// The browser's back button.
  public func back() async throws {
    try await wire.post("\(path)/back")
  }

  /// Reloads the page, as a person's F5 does.
  public func refresh() async throws {
    try await wire.post("\(path)/refresh")
  }

  /// The text of the open `alert`, `confirm` or `prompt`, or nil when none is open.
  public func dialogText() async throws -> String? {
    do {
      return try await wire.get("\(path)/alert/text").string
    } catch let error as WebDriverError where error.error == "no such alert" {
      return nil
    }
  }

  /// Answers the open dialog with OK (`accept`) or Cancel.
  public func answerDialog(accept: Bool) async throws {
    try await wire.post("\(path)/alert/\(accept ? "accept" : "dismiss")")
  }

  /// The whole page, beyond the viewport, as PNG bytes (written to `file` when given), for
  /// pictures of long pages.
  @discardableResult
  public func fullPageScreenshot(to file: String? = nil) async throws -> Data {
    let metrics = try await cdp("Page.getLayoutMetrics")
    let size = metrics["cssContentSize"]
    let answer = try await cdp(
      "Page.captureScreenshot",
      [
        "format": "png", "captureBeyondViewport": true,
        "clip": [
          "x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1,
        ],
      ])
    return try Self.png(
      base64: answer["data"].string ?? "", command: "Page.captureScreenshot", to: file)
  }
}
