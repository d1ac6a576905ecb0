// The browser tests' screenshots of the flows they drive, kept only when asked for
// (`HOLDER_GIT_SCREENSHOTS=folder`), to look at what a person would see.
import Foundation
import HolderTestSupport

enum ScreenshotFolder {
  /// Saves the window as `name`.png in the folder `HOLDER_GIT_SCREENSHOTS` names, if any.
  static func keep(_ browser: Browser, _ name: String) async throws {
    guard let folder = ProcessInfo.processInfo.environment["HOLDER_GIT_SCREENSHOTS"] else {
      return
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try await browser.screenshot(to: folder + "/" + name + ".png")
  }
}
