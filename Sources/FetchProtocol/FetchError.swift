import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why a page could not be fetched; each case says it in words a person can act on.
public enum FetchError: LocalizedError, Equatable, Sendable, Codable {
  /// No answer within the time allowed.
  case timedOut(url: String, seconds: Double)
  /// More redirects than allowed.
  case tooManyRedirects(url: String, limit: Int)
  /// A redirect back to a URL already visited.
  case redirectLoop(url: String)
  /// The server answered with an error status.
  case httpStatus(url: String, status: Int)
  /// The host name does not exist: the name server said so (NXDOMAIN), a definite answer.
  case unknownHost(url: String)
  /// The host name could not be looked up (no name server answered, or it failed): the
  /// network, not the link, may be what is wrong.
  case lookupFailed(url: String)
  /// Anything else the network said (refused, reset, TLS), in its words.
  case network(url: String, reason: String)
  /// The host leads to an address holder-git does not fetch from (`FetchAddressRules`): this
  /// machine unless `HOLDER_GIT_FETCH_LOOPBACK=1`, a private network, a link-local address.
  case refusedAddress(url: String, address: String, kind: FetchAddressRules.Kind)
  /// Fetching is turned off (`HOLDER_GIT_OFFLINE=1`).
  case offline
  /// The helper program that fetches pages and reads HTML is not where it belongs.
  case helperMissing(path: String)
  /// The helper program stopped or said something it should not have: the whole sentence,
  /// naming the helper.
  case helperFailed(reason: String)

  /// True when the link is dead by a definite answer.
  ///
  /// The name server says the host does not exist, or the site says the page is gone (404,
  /// 410). A lookup that failed, a timeout or a refused connection says nothing of the link.
  public var isDeadLink: Bool {
    switch self {
    case .unknownHost: return true
    case .httpStatus(_, let status): return status == 404 || status == 410
    default: return false
    }
  }

  /// A link as people read it (`…/wiki/부산`): these sentences are shown, never stored.
  private static func shown(_ url: String) -> String { URLNormalizer.readable(url) }

  public var errorDescription: String? {
    switch self {
    case .timedOut(let url, let seconds):
      return Message("no answer from '\(Self.shown(url))' within \(Self.format(seconds)) s").english
    case .tooManyRedirects(let url, let limit):
      return Message("more than \(limit) redirects from '\(Self.shown(url))'").english
    case .redirectLoop(let url):
      return Message("'\(Self.shown(url))' redirects in a loop").english
    case .httpStatus(let url, let status):
      return Message(
        "'\(Self.shown(url))' answered \(status) \(HTTPURLResponseStatus.text(status))"
      )
      .english
    case .unknownHost(let url):
      return Message("cannot find the host of '\(Self.shown(url))'").english
    case .lookupFailed(let url):
      return Message(
        "cannot look up the host of '\(Self.shown(url))': no name server answered (is the network down?)"
      ).english
    case .network(let url, let reason):
      return Message("cannot fetch '\(Self.shown(url))': \(reason)").english
    case .refusedAddress(let url, let address, let kind):
      switch kind {
      case .loopback:
        return Message(
          "'\(Self.shown(url))' leads to \(address), an address of this machine, which holder-git fetches from only with HOLDER_GIT_FETCH_LOOPBACK=1"
        ).english
      case .privateNetwork:
        return Message(
          "'\(Self.shown(url))' leads to \(address), an address of a private network, which holder-git does not fetch from"
        ).english
      case .linkLocal:
        return Message(
          "'\(Self.shown(url))' leads to \(address), a link-local address, which holder-git does not fetch from"
        ).english
      case .unspecified, .multicast, .reserved:
        return Message(
          "'\(Self.shown(url))' leads to \(address), which is not the address of a web site; holder-git does not fetch from it"
        ).english
      }
    case .offline:
      return Message("fetching is turned off by HOLDER_GIT_OFFLINE; unset it to fetch pages")
        .english
    case .helperMissing(let path):
      return Message(
        "cannot fetch pages or read HTML: its helper program '\(path)' is missing; install holder-git-fetch next to holder-git (both come from one build)"
      ).english
    case .helperFailed(let reason):
      return reason
    }
  }

  /// The way a fetch failed, for telling many failures alike (a network that is down) from
  /// links that fail each their own way; nil for the answers a site gave.
  public var connectivityKind: String? {
    switch self {
    case .timedOut: "timed out"
    case .unknownHost, .lookupFailed: "host lookup"
    case .network(_, let reason): reason
    default: nil
    }
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

/// Reason phrases for the statuses a fetch reports, as messages: a sentence that names one is
/// shown in the reader's language, phrase and all.
enum HTTPURLResponseStatus {
  static func text(_ status: Int) -> String {
    switch status {
    case 400: return Message("Bad Request").english
    case 401: return Message("Unauthorized").english
    case 403: return Message("Forbidden").english
    case 404: return Message("Not Found").english
    case 410: return Message("Gone").english
    case 429: return Message("Too Many Requests").english
    case 500: return Message("Internal Server Error").english
    case 502: return Message("Bad Gateway").english
    case 503: return Message("Service Unavailable").english
    default: return Message("(HTTP error)").english
    }
  }
}
