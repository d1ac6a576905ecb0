import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where an ssh remote lives: `ssh://[user@]host[:port]/path` or scp-like `[user@]host:path`.
package struct SSHRemote: Equatable, Sendable {
  package var user: String?
  package var host: String
  package var port: Int?
  /// The path as the remote `git-upload-pack` gets it: `~/x` and relative paths stay relative
  /// to the remote user's home, as with git.
  package var path: String

  package init(user: String?, host: String, port: Int?, path: String) {
    self.user = user
    self.host = host
    self.port = port
    self.path = path
  }

  /// Parses the URL libgit2 hands the ssh transport; nil when it is not an ssh URL.
  package init?(url: String) {
    for scheme in ["ssh://", "git+ssh://", "ssh+git://"]
    where url.lowercased().hasPrefix(scheme) {
      let rest = url.dropFirst(scheme.count)
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      var authority = rest[..<slash]
      var path = String(rest[slash...])
      // `ssh://host/~/repo` and `ssh://host/~user/repo` are relative to a home directory.
      if path.hasPrefix("/~") { path.removeFirst() }
      if let at = authority.lastIndex(of: "@") {
        user = percentDecoded(authority[..<at])
        authority = authority[authority.index(after: at)...]
      }
      if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
        host = String(authority[authority.index(after: authority.startIndex)..<close])
        let after = authority[authority.index(after: close)...]
        guard after.isEmpty || after.hasPrefix(":") else { return nil }
        port = after.isEmpty ? nil : Int(after.dropFirst())
        guard after.count <= 1 || port != nil else { return nil }
      } else if let colon = authority.firstIndex(of: ":") {
        host = String(authority[..<colon])
        let digits = authority[authority.index(after: colon)...]
        port = digits.isEmpty ? nil : Int(digits)
        guard digits.isEmpty || port != nil else { return nil }
      } else {
        host = String(authority)
        port = nil
      }
      self.path = path
      if host.isEmpty { return nil }
      return
    }
    // Another scheme is not ssh, whatever follows its colon.
    if url.contains("://") { return nil }
    // scp-like: the first colon not inside brackets ends the host; a slash before it means a
    // local path (git's rule).
    var authority: Substring
    var path: Substring
    if url.hasPrefix("[") || url.contains("@["), let close = url.firstIndex(of: "]") {
      let after = url[url.index(after: close)...]
      guard after.hasPrefix(":") else { return nil }
      authority = url[..<url.index(after: close)]
      path = after.dropFirst()
    } else {
      guard let colon = url.firstIndex(of: ":") else { return nil }
      authority = url[..<colon]
      path = url[url.index(after: colon)...]
    }
    if authority.contains("/") { return nil }
    if let at = authority.lastIndex(of: "@") {
      user = String(authority[..<at])
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("[") && authority.hasSuffix("]") {
      // `[host:port]:path`, git's old spelling for a port in scp-like URLs.
      let inner = authority.dropFirst().dropLast()
      if let colon = inner.lastIndex(of: ":"),
        let number = Int(inner[inner.index(after: colon)...]),
        !inner[..<colon].contains(":")
      {
        host = String(inner[..<colon])
        port = number
      } else {
        host = String(inner)
      }
    } else {
      host = String(authority)
    }
    self.path = String(path)
    if host.isEmpty || path.isEmpty { return nil }
  }
}

/// Which program runs ssh, decides its options (git's `ssh.variant`).
package enum SSHVariant: String, Sendable {
  /// OpenSSH: `-p PORT`, `-o BatchMode=yes`.
  case ssh
  /// PuTTY's plink (also `putty`): `-P PORT`, `-batch`.
  case plink
  /// TortoisePlink: `-P PORT` and always `-batch`.
  case tortoiseplink
  /// Only `[user@]host command`: no port, no options.
  case simple

  /// The variant a setting names (`ssh.variant`, `GIT_SSH_VARIANT`); nil for `auto`/unknown.
  package init?(setting: String) {
    switch setting.lowercased() {
    case "ssh": self = .ssh
    case "plink", "putty": self = .plink
    case "tortoiseplink": self = .tortoiseplink
    case "simple": self = .simple
    default: return nil
    }
  }

  /// The variant git guesses from the program's name; OpenSSH for names it does not know,
  /// since wrappers usually pass the options through to ssh (set `ssh.variant` otherwise).
  package init(program: String) {
    var name = Substring(program.split(separator: "/").last ?? "")
    if name.lowercased().hasSuffix(".exe") { name = name.dropLast(4) }
    switch name.lowercased() {
    case "plink", "putty": self = .plink
    case "tortoiseplink": self = .tortoiseplink
    default: self = .ssh
    }
  }
}

/// The command line that runs `git-upload-pack` or `git-receive-pack` on an ssh remote, built
/// as git builds it so that the same settings work for holder-git and git.
package struct SSHCommand: Equatable, Sendable {
  /// What runs: always `/bin/sh -c …`, so both a shell command (`GIT_SSH_COMMAND`,
  /// `core.sshCommand`) and a program found on `PATH` (`GIT_SSH`, `ssh`) work.
  package var arguments: [String]
  package var variant: SSHVariant

  /// Why no command could be built.
  package struct Failure: Error, Equatable {
    package var message: String
  }

  /// Builds the command for `service` (`git-upload-pack` or `git-receive-pack`) on `remote`.
  ///
  /// - Parameters:
  ///   - environment: the process environment (`GIT_SSH_COMMAND`, `GIT_SSH`, `GIT_SSH_VARIANT`).
  ///   - sshCommand: the `core.sshCommand` setting; `GIT_SSH_COMMAND` wins over it.
  ///   - variantSetting: the `ssh.variant` setting; `GIT_SSH_VARIANT` wins over it.
  ///   - batch: true when ssh must never prompt (no terminal, or `GIT_TERMINAL_PROMPT=0`).
  package init(
    service: String, remote: SSHRemote, environment: [String: String], sshCommand: String?,
    variantSetting: String?, batch: Bool
  ) throws(Failure) {
    // A host or path that starts with a dash would be read by ssh as an option (CVE-2017-1000117).
    guard !remote.host.hasPrefix("-") else {
      throw Failure(
        message: Message("refusing the ssh host '\(remote.host)': it starts with '-'").english)
    }
    guard !remote.path.hasPrefix("-") else {
      throw Failure(
        message: Message("refusing the ssh path '\(remote.path)': it starts with '-'").english)
    }
    let program: String
    let shellCommand: String
    if let command = environment["GIT_SSH_COMMAND"].flatMap(Self.nonEmpty)
      ?? sshCommand.flatMap(Self.nonEmpty)
    {
      program = String(command.split(separator: " ").first ?? "ssh")
      shellCommand = command
    } else {
      program = environment["GIT_SSH"].flatMap(Self.nonEmpty) ?? "ssh"
      shellCommand = Self.quoted(program)
    }
    variant =
      (environment["GIT_SSH_VARIANT"] ?? variantSetting).flatMap(SSHVariant.init(setting:))
      ?? SSHVariant(program: program)
    var options: [String] = []
    switch variant {
    case .ssh:
      if batch { options += ["-o", "BatchMode=yes"] }
      if let port = remote.port { options += ["-p", String(port)] }
    case .plink:
      if batch { options.append("-batch") }
      if let port = remote.port { options += ["-P", String(port)] }
    case .tortoiseplink:
      options.append("-batch")
      if let port = remote.port { options += ["-P", String(port)] }
    case .simple:
      guard remote.port == nil else {
        throw Failure(
          message: Message(
            "ssh variant 'simple' does not support setting a port; set ssh.variant to ssh or plink, or put the port in ~/.ssh/config"
          ).english)
      }
    }
    let destination = remote.user.map { "\($0)@\(remote.host)" } ?? remote.host
    arguments =
      ["/bin/sh", "-c", shellCommand + " \"$@\"", shellCommand] + options
      + [destination, "\(service) \(Self.quoted(remote.path))"]
  }

  /// `text` in single quotes for a POSIX shell, as git's `sq_quote_buf` writes it.
  package static func quoted(_ text: String) -> String {
    var result = "'"
    for character in text {
      switch character {
      case "'": result += "'\\''"
      case "!": result += "'\\!'"
      default: result.append(character)
      }
    }
    return result + "'"
  }

  private static func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }
}

/// `text` with each `%XX` made the byte it names; nil when a `%` is not followed by two hex
/// digits or the bytes are not UTF-8, as Foundation's `removingPercentEncoding` answers.
func percentDecoded(_ text: Substring) -> String? {
  func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
  let utf8 = Array(text.utf8)
  var bytes: [UInt8] = []
  var index = 0
  while index < utf8.count {
    guard utf8[index] == UInt8(ascii: "%") else {
      bytes.append(utf8[index])
      index += 1
      continue
    }
    guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
      let low = hexValue(utf8[index + 2])
    else { return nil }
    bytes.append(high << 4 | low)
    index += 3
  }
  return String(validating: bytes, as: UTF8.self)
}
