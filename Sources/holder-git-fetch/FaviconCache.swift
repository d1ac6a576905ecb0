import FetchProtocol
import Foundation

/// Which hosts' `/favicon.ico` answered, remembered for the life of a `PageSession` (one helper process).
///
/// A refresh of many pages of one site asks for its favicon once, not once per page.
final class FaviconCache: @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [String: Bool] = [:]

  /// The remembered answer for `url`, if it was asked for before.
  func answer(for url: String) -> Bool? {
    lock.lock()
    defer { lock.unlock() }
    return answers[url]
  }

  /// Remembers whether `url` answered with an icon.
  func remember(_ answered: Bool, for url: String) {
    lock.lock()
    defer { lock.unlock() }
    answers[url] = answered
  }
}
