// The secrets other programs and machines give the web app (`Authorization: Token …`, the login
// beyond loopback): kept per user in `$XDG_CONFIG_HOME/holder-git/tokens`, outside every
// repository so no sync ever carries one, and only as SHA-256 hashes, so the file gives no
// secret away. `holder-git token add|list|revoke` are its only writers.
import Crypto
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

/// One token as the file keeps it: its name and when it was made (the secret is not kept).
public struct APIToken: Sendable, Equatable {
  /// What the person called it (`phone`, `firefox`): the name a write through it is
  /// committed under.
  public var name: String
  public var created: Timestamp
  /// The SHA-256 of the secret, as hex.
  var hash: String
}

/// Why a token command could not do what it was asked.
public enum TokenError: Error, LocalizedError, Equatable {
  case badName(String)
  case nameTaken(String)
  case noSuchToken(String, known: [String])
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  public var errorDescription: String? {
    switch self {
    case .badName(let name):
      return Message(
        "'\(name)' cannot name a token: give 1 to 64 characters without spaces or control characters (such as phone, firefox or laptop)"
      ).english
    case .nameTaken(let name):
      return Message(
        "a token named '\(name)' exists already; choose another name, or run 'holder-git token revoke \(name)' first"
      ).english
    case .noSuchToken(let name, let known):
      if known.isEmpty {
        return Message(
          "there is no token named '\(name)' (there are none; 'holder-git token add NAME' makes one)"
        ).english
      }
      let names = known.joined(separator: ", ")
      return Message("there is no token named '\(name)' (the tokens are: \(names))").english
    case .unreadable(let path, let reason):
      return Message("cannot read the tokens file \(path): \(reason)").english
    case .unwritable(let path, let reason):
      return Message("cannot write the tokens file \(path): \(reason)").english
    }
  }
}

/// The tokens file of this user.
public struct APITokens: Sendable {
  /// The file's absolute path.
  public let file: String

  public init(file: String) {
    self.file = file
  }

  /// The file `$XDG_CONFIG_HOME/holder-git/tokens`, else `~/.config/holder-git/tokens`.
  public init(environment: [String: String]) {
    let config: String
    if let variable = environment["XDG_CONFIG_HOME"], variable.hasPrefix("/") {
      config = variable
    } else {
      let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
      config = home + "/.config"
    }
    self.init(file: config + "/holder-git/tokens")
  }

  /// The longest name `add` takes.
  public static let maximumNameLength = 64

  /// Makes a token called `name` and returns its secret, which is shown once and kept nowhere.
  public func add(name: String, now: Timestamp) throws(TokenError) -> String {
    guard Self.isValid(name: name) else { throw .badName(name) }
    return try changing { tokens throws(TokenError) in
      guard !tokens.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
      let secret = Self.newSecret()
      tokens.append(APIToken(name: name, created: now, hash: Self.hash(secret)))
      return secret
    }
  }

  /// The tokens, oldest first; none when the file does not exist.
  public func list() throws(TokenError) -> [APIToken] {
    let text: String
    do {
      guard FileManager.default.fileExists(atPath: file) else { return [] }
      text = try String(contentsOfFile: file, encoding: .utf8)
    } catch {
      throw .unreadable(path: file, reason: "\(error)")
    }
    return Self.parse(text)
  }

  /// Removes the token called `name`: every client that gives its secret is refused from the
  /// next request on.
  public func revoke(name: String) throws(TokenError) {
    try changing { tokens throws(TokenError) in
      guard let index = tokens.firstIndex(where: { $0.name == name }) else {
        throw .noSuchToken(name, known: tokens.map(\.name))
      }
      tokens.remove(at: index)
    }
  }

  /// The token whose secret is `secret`, read from the file now (so a revoke counts at once);
  /// nil when none matches or the file cannot be read.
  public func verify(_ secret: String) -> APIToken? {
    guard !secret.isEmpty, let tokens = try? list() else { return nil }
    let given = Array(Self.hash(secret).utf8)
    var found: APIToken?
    // Every hash is compared in full, so the time taken does not tell which one came near.
    for token in tokens where Self.sameBytes(Array(token.hash.utf8), given) {
      found = token
    }
    return found
  }

  /// True when no token has been made (or the file cannot be read).
  public func isEmpty() -> Bool {
    ((try? list()) ?? []).isEmpty
  }

  // MARK: - The file

  static func isValid(name: String) -> Bool {
    !name.isEmpty && name.count <= maximumNameLength
      && name.unicodeScalars.allSatisfy {
        !$0.properties.isWhitespace && $0.properties.generalCategory != .control
          && $0.properties.generalCategory != .format
      }
  }

  /// 20 random bytes as 40 hex digits, as linkding's tokens look.
  static func newSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return bytes.map(Self.hex).joined()
  }

  static func hash(_ secret: String) -> String {
    SHA256.hash(data: Array(secret.utf8)).map(Self.hex).joined()
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]], as: UTF8.self)
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }

  private static let header =
    "# holder-git's API tokens: name, SHA-256 of the secret, created. Written by 'holder-git token'.\n"

  /// The lines `name<TAB>hash<TAB>created`; a line that is not one is passed over.
  static func parse(_ text: String) -> [APIToken] {
    text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, fields[1].utf8.count == 64,
        let created = Timestamp(rfc3339: String(fields[2]))
      else { return nil }
      return APIToken(name: String(fields[0]), created: created, hash: String(fields[1]))
    }
  }

  static func render(_ tokens: [APIToken]) -> String {
    header + tokens.map { "\($0.name)\t\($0.hash)\t\($0.created.rfc3339)\n" }.joined()
  }

  /// Reads the tokens, lets `change` alter them, and writes them back whole (mode 0600), under
  /// a lock so two `token` commands at once do not lose one's change.
  private func changing<Result>(_ change: (inout [APIToken]) throws(TokenError) -> Result)
    throws(TokenError) -> Result
  {
    let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unwritable(path: file, reason: "\(error)")
    }
    let lock = unsafe open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else {
      let failure = FileSystemError(
        operation: Message("create").english, path: file + ".lock", code: errno)
      throw .unwritable(path: file, reason: failure.errorDescription ?? "\(failure)")
    }
    defer { close(lock) }
    _ = flock(lock, LOCK_EX)
    var tokens = try list()
    let result = try change(&tokens)
    do {
      let atomic = try AtomicFile(in: AT_FDCWD, name: file, path: file, mode: 0o600)
      try atomic.write(Array(Self.render(tokens).utf8))
      try atomic.commit()
    } catch {
      throw .unwritable(path: file, reason: error.errorDescription ?? "\(error)")
    }
    return result
  }
}
