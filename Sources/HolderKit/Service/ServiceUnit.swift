// The systemd user unit that runs `holder-git serve` for one store as a service: its text
// (the program, the store, the port and address, restarts, a stop that lets a write under way
// finish, hardening that still lets it write the store) and where it is kept. Written by
// `holder-git serve --install-service`, which says what to run next.
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A systemd user unit serving one store.
public struct ServiceUnit: Sendable, Equatable {
  /// The unit's name without `.service`: `holder-git` unless a second store needs its own.
  public var name: String
  /// The absolute path of the holder-git program.
  public var program: String
  /// The store's work tree (absolute).
  public var store: String
  /// `--port` and `--listen` as given; nil leaves the app's default.
  public var port: Int?
  public var listen: String?
  /// The options that serve it to other machines (`--tls-cert FILE --tls-key FILE`,
  /// `--public-url URL`), files as absolute paths: a unit runs in no folder of the person's.
  public var remote: [String] = []
  /// Where holder-git's configuration is (the tokens file): `$XDG_CONFIG_HOME/holder-git`,
  /// else `~/.config/holder-git`.
  public var configFolder: String
  /// `XDG_CONFIG_HOME` and `XDG_DATA_HOME` when the installing shell set them: systemd's user
  /// manager may not, and the service must find the tokens the person's commands write.
  public var environment: [String: String]

  /// The name a unit gets when none is given.
  public static let defaultName = "holder-git"

  /// Settles the unit for `store`, served by `program`, in the environment `environment`.
  public init(
    name: String = defaultName, program: String, store: String, port: Int?, listen: String?,
    environment: [String: String]
  ) {
    self.name = name
    self.program = program
    self.store = store
    self.port = port
    self.listen = listen
    let home = environment["HOME"] ?? "/"
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    configFolder = (config ?? home + "/.config") + "/holder-git"
    self.environment = environment.filter { key, value in
      (key == "XDG_CONFIG_HOME" || key == "XDG_DATA_HOME") && value.hasPrefix("/")
    }
  }

  /// Whether `name` can name a unit: letters, digits and `-_.:@`, as systemd takes them.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 200
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "-_.:@".unicodeScalars.contains(scalar))
      }
  }

  /// The folder of a person's systemd user units: `$XDG_CONFIG_HOME/systemd/user`, else
  /// `~/.config/systemd/user`.
  public static func folder(environment: [String: String]) -> String {
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? "/") + "/.config"
    return config + "/systemd/user"
  }

  /// The unit's file name.
  public var fileName: String { name + ".service" }

  /// The program's arguments after `serve`.
  var arguments: [String] {
    var arguments = ["serve", "--store", store]
    if let port { arguments += ["--port", String(port)] }
    if let listen { arguments += ["--listen", listen] }
    return arguments + remote
  }

  /// The unit file's text.
  public var text: String {
    var lines = [
      "# Written by 'holder-git serve --install-service' for the store \(store).",
      "# After changing it: systemctl --user daemon-reload && systemctl --user restart \(name)",
      "[Unit]",
      "Description=holder-git web app for \(Self.specifiersEscaped(store))",
      "",
      "[Service]",
      "Type=exec",
      "ExecStart=" + ([program] + arguments).map(Self.quoted).joined(separator: " "),
    ]
    for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
      lines.append("Environment=" + Self.quoted(key + "=" + value))
    }
    lines += [
      "Restart=on-failure",
      "RestartSec=5",
      "# SIGTERM to the app alone: it finishes the requests under way (a write's commit lands)",
      "# and stops; a fetch or a sync it started ends with it. Past TimeoutStopSec, SIGKILL.",
      "KillSignal=SIGTERM",
      "KillMode=mixed",
      "TimeoutStopSec=90",
      "# Hardening: the app writes its store and reads its tokens, nothing else. If the",
      "# unit fails to start with status 226/NAMESPACE (no user namespaces for user services",
      "# on this system), remove PrivateTmp, ProtectSystem and ProtectHome.",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "ProtectSystem=strict",
      "ProtectHome=read-only",
      "ReadWritePaths=\(Self.quoted(store)) -\(Self.quoted(configFolder))",
      "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
      "RestrictRealtime=yes",
      "RestrictSUIDSGID=yes",
      "LockPersonality=yes",
      "SystemCallArchitectures=native",
      "UMask=0077",
      "",
      "[Install]",
      "WantedBy=default.target",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What `install` did.
  public enum Installed: Sendable, Equatable {
    case written
    /// The file held this text already.
    case unchanged
    /// `force` replaced a different file.
    case replaced
    /// A different file is there and `force` was not given; nothing was written.
    case differs
  }

  /// Writes the unit into `folder` (made when missing); a file there that says something else
  /// is replaced only with `force`.
  public func install(in folder: String, force: Bool) throws(FileSystemError) -> Installed {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw FileSystemError(operation: Message("create folder").english, path: folder, code: EACCES)
    }
    let directory = try SafeDirectory(path: folder)
    let bytes = Array(text.utf8)
    var outcome = Installed.written
    if let existing = try? directory.readFile(fileName) {
      if existing == bytes { return .unchanged }
      guard force else { return .differs }
      outcome = .replaced
    }
    try directory.writeFileAtomically(fileName, bytes)
    return outcome
  }

  /// `value` as one word of a unit file: quoted when it holds anything but plain path
  /// characters, and with `%` (systemd's specifiers) and `$` (its variables) doubled.
  static func quoted(_ value: String) -> String {
    let plain = value.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || "/._-:@+=,".unicodeScalars.contains(scalar))
    }
    if plain { return value }
    var quoted = "\""
    for character in value {
      switch character {
      case "\\": quoted += "\\\\"
      case "\"": quoted += "\\\""
      case "%": quoted += "%%"
      case "$": quoted += "$$"
      case "\n": quoted += "\\n"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }

  /// `value` with systemd's `%` specifiers escaped, for a line that is not split into words.
  static func specifiersEscaped(_ value: String) -> String {
    var escaped = ""
    for character in value {
      switch character {
      case "%": escaped += "%%"
      case "\n": escaped += " "
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
