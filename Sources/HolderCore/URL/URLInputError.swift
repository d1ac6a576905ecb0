import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a typed or pasted text cannot be saved as a bookmark's URL.
public enum URLInputError: Error, Equatable, LocalizedError {
  /// Nothing but white space was given.
  case empty
  /// The text has no scheme and does not look like a host name (`hello world`).
  case notAURL(String)
  /// The scheme runs code when the link is opened (`javascript`, `data`, `vbscript`).
  case unsafeScheme(String)
  /// The host has characters no host may have, or is a malformed IP address.
  case invalidHost(host: String, url: String)
  /// A URL whose scheme needs a host (`https:`) has none.
  case missingHost(url: String)
  /// The port is not a number from 0 to 65535.
  case invalidPort(port: String, url: String)
  /// The URL holds a user name or password (`https://user:secret@host/`), which would be
  /// committed, synced and shown; `without` is the same link without them.
  case credentials(without: String)

  /// The message the command line prints, in git's style.
  public var errorDescription: String? {
    switch self {
    case .empty:
      return Message("empty URL; give the address of the page, e.g. 'https://example.org/'").english
    case .notAURL(let text):
      return Message(
        "'\(text)' is not a URL; give the full address, e.g. 'https://example.org/page'"
      ).english
    case .unsafeScheme(let scheme):
      return Message(
        "'\(scheme):' links run code when opened; holder-git refuses such links unless you pass --allow-script"
      ).english
    case .invalidHost(let host, let url):
      return Message(
        "invalid host '\(host)' in '\(url)'; check the address for spaces or stray characters"
      ).english
    case .missingHost(let url):
      return Message(
        "'\(url)' has no host; put the site's name after '//', e.g. 'https://example.org/'"
      ).english
    case .invalidPort(let port, let url):
      return Message("invalid port '\(port)' in '\(url)'; a port is a number from 0 to 65535")
        .english
    case .credentials(let without):
      return Message(
        "the link holds a user name or password, which holder-git never saves (it would be committed, synced and shown); save it without them: '\(without)'"
      ).english
    }
  }
}
