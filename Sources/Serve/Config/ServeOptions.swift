// The app's command line, as `holder-git serve` hands it over: the store, where to listen, the
// TLS certificate and key, the address a reverse proxy serves it at. `holder-git` checked the
// words a person typed; this checks them again, since the program can also be started on its
// own. Nothing here reads a file: whether the token file has a token and whether the
// certificate loads is checked at start (`ServeMain`, `TLSFiles`).

/// What `holder-git-serve` was asked to do.
public struct ServeOptions: Sendable, Equatable {
  /// The store's work tree.
  public var store: String
  /// The TCP port; 0 lets the system choose one (the tests do).
  public var port: Int
  /// The address to listen on: 127.0.0.1 unless `--listen` says otherwise.
  public var listen: String
  /// The PEM certificate chain to serve HTTPS with (with `tlsKey`).
  public var tlsCertificate: String?
  /// The PEM private key of `tlsCertificate`.
  public var tlsKey: String?
  /// The address a reverse proxy serves the app at, such as `https://bookmarks.example.org`.
  public var publicURL: PublicURL?
  /// Open the app in the browser once it listens.
  public var open: Bool

  /// The port `holder-git serve` uses when none is given.
  public static let defaultPort = 4807

  /// Why the arguments cannot start the app, in words that say what to type instead.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Whether other machines can reach the app: then every page needs a login and the token
  /// file must hold a token.
  ///
  /// A reverse proxy on this machine makes an app on 127.0.0.1 reachable from anywhere, so
  /// `--public-url` counts as remote whatever `--listen` says.
  public var isReachableFromOtherMachines: Bool {
    !Self.isLoopback(listen) || publicURL != nil
  }

  /// Whether the app itself speaks HTTPS.
  public var usesTLS: Bool { tlsCertificate != nil }

  /// Reads `--store PATH --port N --listen ADDR --tls-cert FILE --tls-key FILE --public-url URL
  /// --open`.
  public static func parse(_ arguments: [String]) throws(Problem) -> ServeOptions {
    var options = ServeOptions(
      store: "", port: defaultPort, listen: "127.0.0.1", tlsCertificate: nil, tlsKey: nil,
      publicURL: nil, open: false)
    var rest = arguments[...]
    func value(_ name: String) throws(Problem) -> String {
      guard let next = rest.popFirst() else { throw Problem(description: "\(name) needs a value") }
      return next
    }
    while let word = rest.popFirst() {
      switch word {
      case "--store": options.store = try value(word)
      case "--port":
        let text = try value(word)
        guard let port = Int(text), (0...65535).contains(port) else {
          throw Problem(description: "'--port' takes a number from 1 to 65535, not '\(text)'")
        }
        options.port = port
      case "--listen": options.listen = try value(word)
      case "--tls-cert": options.tlsCertificate = try value(word)
      case "--tls-key": options.tlsKey = try value(word)
      case "--public-url":
        let text = try value(word)
        guard let url = PublicURL(text) else {
          throw Problem(
            description:
              "'--public-url' takes the address people open, such as https://bookmarks.example.org, not '\(text)'"
          )
        }
        options.publicURL = url
      case "--open": options.open = true
      default:
        throw Problem(
          description: "unknown argument '\(word)' (holder-git serve --help lists them)")
      }
    }
    guard !options.store.isEmpty else { throw Problem(description: "--store PATH is required") }
    if (options.tlsCertificate == nil) != (options.tlsKey == nil) {
      throw Problem(
        description:
          "HTTPS needs both '--tls-cert FILE' and '--tls-key FILE' (the certificate and its private key, PEM)"
      )
    }
    return options
  }

  /// True for addresses only this machine reaches.
  public static func isLoopback(_ address: String) -> Bool {
    address == "localhost" || address == "::1" || address.hasPrefix("127.")
  }
}

/// The address a reverse proxy serves the app at: its scheme and host (with a port when the
/// URL names one), which the guard accepts beside the app's own.
public struct PublicURL: Sendable, Equatable {
  /// `http` or `https`.
  public var scheme: String
  /// The `Host` header a browser sends through the proxy, lower-cased: `name` or `name:port`.
  public var host: String

  /// The origin a browser sends with a form: `https://bookmarks.example.org`.
  public var origin: String { scheme + "://" + host }

  /// Reads `http(s)://host[:port][/]`; nil for anything else (a path is not supported: the
  /// app's pages link from `/`).
  public init?(_ text: String) {
    let lowered = text.lowercased()
    guard let separator = lowered.firstRange(of: "://") else { return nil }
    scheme = String(lowered[..<separator.lowerBound])
    guard scheme == "http" || scheme == "https" else { return nil }
    var rest = lowered[separator.upperBound...]
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard !rest.isEmpty,
      rest.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-.:[]".contains($0) })
    else { return nil }
    // A browser leaves the scheme's own port out of `Host` and `Origin`.
    let defaultPort = scheme == "https" ? ":443" : ":80"
    if rest.hasSuffix(defaultPort) { rest = rest.dropLast(defaultPort.count) }
    host = String(rest)
  }
}
