import FetchProtocol
import Synchronization

/// Which hosts' `/favicon.ico` answered, remembered for the life of a `PageSession` (one helper process).
///
/// A refresh of many pages of one site asks for its favicon once, not once per page.
final class FaviconCache: Sendable {
  private let answers = Mutex<[String: Bool]>([:])

  /// The remembered answer for `url`, if it was asked for before.
  func answer(for url: String) -> Bool? {
    answers.withLock { $0[url] }
  }

  /// Remembers whether `url` answered with an icon.
  func remember(_ answered: Bool, for url: String) {
    answers.withLock { $0[url] = answered }
  }
}
