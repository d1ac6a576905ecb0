#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Finds the store a command works on (DESIGN §7).
///
/// `--store PATH`, else `HOLDER_GIT_STORE`, else the store that contains the
/// current directory, else the default under the user's data directory.
public struct StoreLocation: Equatable, Sendable {
  /// How the location was chosen, so messages can say why holder-git looked there.
  public enum Source: Equatable, Sendable { case option, environment, enclosing, defaultLocation }

  /// The absolute path of the store's work tree.
  public var path: String
  public var source: Source

  public init(path: String, source: Source) {
    self.path = path
    self.source = source
  }

  /// Resolves the location from the option, the environment and the current directory.
  public static func resolve(
    option: String?, environment: [String: String], currentDirectory: String
  ) -> StoreLocation {
    if let option, !option.isEmpty {
      return StoreLocation(path: absolute(option, from: currentDirectory), source: .option)
    }
    if let variable = environment["HOLDER_GIT_STORE"], !variable.isEmpty {
      return StoreLocation(path: absolute(variable, from: currentDirectory), source: .environment)
    }
    if let enclosing = enclosingStore(of: currentDirectory) {
      return StoreLocation(path: enclosing, source: .enclosing)
    }
    return StoreLocation(path: defaultPath(environment: environment), source: .defaultLocation)
  }

  /// `$XDG_DATA_HOME/holder-git`, else `~/.local/share/holder-git`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/holder-git"
    }
    let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    return home + "/.local/share/holder-git"
  }

  /// The nearest folder at or above `directory` that holds `.holder/store.json` and `.git`.
  public static func enclosingStore(of directory: String) -> String? {
    var current = URL(fileURLWithPath: directory).standardizedFileURL.path
    let manager = FileManager.default
    while true {
      if manager.fileExists(atPath: current + "/" + Layout.settings),
        manager.fileExists(atPath: current + "/.git")
      {
        return current
      }
      // `current` is standardized: absolute, no trailing slash but the root's.
      guard let slash = current.lastIndex(of: "/") else { return nil }
      let parent = slash == current.startIndex ? "/" : String(current[..<slash])
      if parent == current { return nil }
      current = parent
    }
  }

  /// `path` made absolute against `directory`, with `.`/`..` resolved.
  public static func absolute(_ path: String, from directory: String) -> String {
    let expanded = expandingTilde(path)
    let base = expanded.hasPrefix("/") ? expanded : directory + "/" + expanded
    return URL(fileURLWithPath: base).standardizedFileURL.path
  }

  /// `~` and `~/…` from the home folder, `~user/…` from that user's, as a shell expands
  /// them (and `NSString.expandingTildeInPath` did); any other path, or an unknown user's,
  /// as it is.
  static func expandingTilde(_ path: String) -> String {
    guard path.hasPrefix("~") else { return path }
    let slash = path.firstIndex(of: "/") ?? path.endIndex
    let user = path[path.index(after: path.startIndex)..<slash]
    let home: String
    if user.isEmpty {
      home = FileManager.default.homeDirectoryForCurrentUser.path
    } else if let folder = FileManager.default.homeDirectory(forUser: String(user))?.path {
      home = folder
    } else {
      return path
    }
    var expanded =
      (home.hasSuffix("/") && slash != path.endIndex ? String(home.dropLast()) : home)
      + path[slash...]
    // No trailing slash, as `NSString` leaves none.
    while expanded.count > 1 && expanded.hasSuffix("/") { expanded.removeLast() }
    return expanded
  }
}
