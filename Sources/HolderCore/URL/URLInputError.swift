import Foundation

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

  /// The message the command line prints, in git's style.
  public var errorDescription: String? {
    switch self {
    case .empty:
      return "empty URL; give the address of the page, e.g. 'https://example.org/'"
    case .notAURL(let text):
      return "'\(text)' is not a URL; give the full address, e.g. 'https://example.org/page'"
    case .unsafeScheme(let scheme):
      return "'\(scheme):' links run code when opened; holder-git refuses such links"
        + " unless you pass --allow-script"
    case .invalidHost(let host, let url):
      return "invalid host '\(host)' in '\(url)'; check the address for spaces or stray characters"
    case .missingHost(let url):
      return "'\(url)' has no host; put the site's name after '//', e.g. 'https://example.org/'"
    case .invalidPort(let port, let url):
      return "invalid port '\(port)' in '\(url)'; a port is a number from 0 to 65535"
    }
  }
}
