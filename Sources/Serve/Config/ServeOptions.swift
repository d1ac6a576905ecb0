// The app's command line, as `holder-git serve` hands it over: the store, where to listen,
// the token for a non-loopback address. `holder-git` checked the words a person typed; this
// checks them again, since the program can also be started on its own.

/// What `holder-git-serve` was asked to do.
public struct ServeOptions: Sendable, Equatable {
  /// The store's work tree.
  public var store: String
  /// The TCP port; 0 lets the system choose one (the tests do).
  public var port: Int
  /// The address to listen on: 127.0.0.1 unless `--listen` says otherwise.
  public var listen: String
  /// Required with a non-loopback `--listen`: every request must carry it.
  public var token: String?
  /// Open the app in the browser once it listens.
  public var open: Bool

  /// The port `holder-git serve` uses when none is given.
  public static let defaultPort = 4807

  /// Why the arguments cannot start the app, in words that say what to type instead.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `--store PATH --port N --listen ADDR --token T --open`.
  public static func parse(_ arguments: [String]) throws(Problem) -> ServeOptions {
    var options = ServeOptions(
      store: "", port: defaultPort, listen: "127.0.0.1", token: nil, open: false)
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
      case "--token": options.token = try value(word)
      case "--open": options.open = true
      default:
        throw Problem(
          description: "unknown argument '\(word)' (holder-git serve --help lists them)")
      }
    }
    guard !options.store.isEmpty else { throw Problem(description: "--store PATH is required") }
    if !isLoopback(options.listen) && (options.token ?? "").count < 12 {
      throw Problem(
        description:
          "listening on \(options.listen) lets other machines in: give '--token' with a secret of"
          + " at least 12 characters (they open http://ADDRESS:PORT/?token=SECRET once)")
    }
    return options
  }

  /// True for addresses only this machine reaches.
  public static func isLoopback(_ address: String) -> Bool {
    address == "localhost" || address == "::1" || address.hasPrefix("127.")
  }
}
