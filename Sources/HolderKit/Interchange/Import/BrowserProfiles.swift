import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `import --from BROWSER`: which file of which profile holds a browser's bookmarks, found
// under a home folder (the user's, or a test's own).

/// The browsers whose own bookmark files `import --from` finds.
public enum SourceBrowser: String, CaseIterable, Sendable {
  case firefox, chrome, chromium, edge, brave, vivaldi

  /// The browser's name as people write it.
  public var displayName: String {
    switch self {
    case .firefox: "Firefox"
    case .chrome: "Chrome"
    case .chromium: "Chromium"
    case .edge: "Edge"
    case .brave: "Brave"
    case .vivaldi: "Vivaldi"
    }
  }

  /// The folders, under the home folder, that hold the browser's profiles (Firefox: its
  /// `profiles.ini`), in the order they are looked at: the distribution's package, then
  /// snap and Flatpak, then macOS.
  var profileFolders: [String] {
    switch self {
    case .firefox:
      [
        ".mozilla/firefox", "snap/firefox/common/.mozilla/firefox",
        ".var/app/org.mozilla.firefox/.mozilla/firefox",
        "Library/Application Support/Firefox",
      ]
    case .chrome:
      [
        ".config/google-chrome", ".var/app/com.google.Chrome/config/google-chrome",
        "Library/Application Support/Google/Chrome",
      ]
    case .chromium:
      [
        ".config/chromium", "snap/chromium/common/chromium",
        ".var/app/org.chromium.Chromium/config/chromium",
        "Library/Application Support/Chromium",
      ]
    case .edge:
      [
        ".config/microsoft-edge", ".var/app/com.microsoft.Edge/config/microsoft-edge",
        "Library/Application Support/Microsoft Edge",
      ]
    case .brave:
      [
        ".config/BraveSoftware/Brave-Browser",
        ".var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser",
        "Library/Application Support/BraveSoftware/Brave-Browser",
      ]
    case .vivaldi:
      [
        ".config/vivaldi", ".var/app/com.vivaldi.Vivaldi/config/vivaldi",
        "Library/Application Support/Vivaldi",
      ]
    }
  }
}

/// A browser's bookmark file, found in one of its profiles.
public struct BrowserBookmarks: Hashable, Sendable {
  public var browser: SourceBrowser
  /// The profile's name as the browser shows it (Firefox's `Name`, Chromium's display name).
  public var profile: String
  /// The bookmark file: `places.sqlite` for Firefox, `Bookmarks` for the Chromium family.
  public var path: String
  /// Firefox's `places.sqlite-wal` beside it, when there is one.
  public var writeAheadLog: String?

  /// The format `import` reads the file as.
  public var format: ImportFormat {
    // The Chromium family's `Bookmarks` JSON is the `chrome` format.
    browser == .firefox ? .firefoxPlaces : .chrome
  }
}

/// Why `import --from` found no bookmark file: each says what was looked at and what to do.
public enum BrowserProfileError: Error, Equatable, Sendable {
  /// None of the browser's folders is there.
  case noBrowser(SourceBrowser, lookedIn: [String])
  /// `--profile` names no profile of the browser.
  case noSuchProfile(SourceBrowser, name: String, profiles: [String])
  /// Several profiles, none the default.
  case severalProfiles(SourceBrowser, profiles: [String])
  /// The profile has no bookmark file.
  case noBookmarkFile(SourceBrowser, profile: String, path: String)

  public var message: String {
    switch self {
    case .noBrowser(let browser, let folders):
      return Message(
        "no \(browser.displayName) profile found (looked in \(folders.joined(separator: ", "))); import its exported bookmarks file instead: 'holder-git import FILE'"
      ).english
    case .noSuchProfile(let browser, let name, let profiles):
      return Message(
        "\(browser.displayName) has no profile '\(name)'; its profiles: \(profiles.joined(separator: ", "))"
      ).english
    case .severalProfiles(let browser, let profiles):
      return Message(
        "\(browser.displayName) has several profiles and none is the default: \(profiles.joined(separator: ", ")); choose one with --profile NAME"
      ).english
    case .noBookmarkFile(let browser, let profile, let path):
      return Message(
        "\(browser.displayName)'s profile '\(profile)' has no bookmarks file (\(path)); choose another with --profile NAME, or import an exported file"
      ).english
    }
  }
}

/// Finds a browser's bookmark file under a home folder.
public struct BrowserProfiles: Sendable {
  /// The home folder (`$HOME`; tests give a temporary one).
  public var home: String

  public init(home: String) {
    self.home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
  }

  /// The bookmark file of `browser`'s profile `profile` (its folder or its name), or of its
  /// default profile when nil.
  public func bookmarks(of browser: SourceBrowser, profile: String? = nil)
    throws(BrowserProfileError) -> BrowserBookmarks
  {
    browser == .firefox
      ? try firefox(profile: profile) : try chromium(browser, profile: profile)
  }

  private var manager: FileManager { FileManager.default }

  /// A path under the home folder as the user writes it (`~/.mozilla/firefox`).
  private func shown(_ relative: String) -> String { "~/" + relative }

  private func firefox(profile wanted: String?) throws(BrowserProfileError) -> BrowserBookmarks {
    typealias Found = (folder: String, profile: FirefoxProfileList.Profile)
    var found: [Found] = []
    var defaults: [Found] = []
    for relative in SourceBrowser.firefox.profileFolders {
      let folder = home + "/" + relative
      guard let bytes = manager.contents(atPath: folder + "/profiles.ini") else { continue }
      let list = FirefoxProfileList(text: String(decoding: bytes, as: UTF8.self))
      found += list.profiles.map { (folder, $0) }
      if let chosen = list.defaultProfile { defaults.append((folder, chosen)) }
    }
    guard !found.isEmpty else {
      throw .noBrowser(
        .firefox, lookedIn: SourceBrowser.firefox.profileFolders.map { shown($0 + "/profiles.ini") }
      )
    }
    let chosen: Found
    if let wanted {
      let folderName = { (profile: FirefoxProfileList.Profile) in
        String(profile.path.split(separator: "/").last ?? "")
      }
      guard
        let match = found.first(where: { $0.profile.name == wanted })
          ?? found.first(where: { folderName($0.profile) == wanted || $0.profile.path == wanted })
          ?? found.first(where: { $0.profile.name.lowercased() == wanted.lowercased() })
      else { throw .noSuchProfile(.firefox, name: wanted, profiles: found.map(\.profile.name)) }
      chosen = match
    } else if let first = defaults.first {
      chosen = first
    } else {
      throw .severalProfiles(.firefox, profiles: found.map(\.profile.name))
    }
    let folder =
      chosen.profile.isRelative ? chosen.folder + "/" + chosen.profile.path : chosen.profile.path
    let path = folder + "/places.sqlite"
    guard manager.fileExists(atPath: path) else {
      throw .noBookmarkFile(.firefox, profile: chosen.profile.name, path: path)
    }
    let log = path + "-wal"
    return BrowserBookmarks(
      browser: .firefox, profile: chosen.profile.name, path: path,
      writeAheadLog: manager.fileExists(atPath: log) ? log : nil)
  }

  private func chromium(_ browser: SourceBrowser, profile wanted: String?)
    throws(BrowserProfileError) -> BrowserBookmarks
  {
    guard
      let folder = browser.profileFolders.map({ home + "/" + $0 }).first(where: {
        (try? manager.contentsOfDirectory(atPath: $0)) != nil
      })
    else {
      throw .noBrowser(browser, lookedIn: browser.profileFolders.map(shown))
    }
    let names =
      manager.contents(atPath: folder + "/Local State").map {
        ChromiumLocalState.profileNames(Array($0))
      } ?? [:]
    // Every folder with a `Bookmarks` file is a profile (`Default`, `Profile 1`…); a profile
    // that has never had a bookmark has none yet.
    let profiles = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter {
      manager.fileExists(atPath: folder + "/" + $0 + "/Bookmarks")
    }.sorted { ($0 == "Default" ? "" : $0) < ($1 == "Default" ? "" : $1) }
    let shownName = { (profile: String) in
      names[profile].map { "\($0) (\(profile))" } ?? profile
    }
    let chosen: String
    if let wanted {
      guard
        let match = profiles.first(where: { $0 == wanted })
          ?? profiles.first(where: { names[$0] == wanted })
          ?? profiles.first(where: {
            $0.lowercased() == wanted.lowercased() || names[$0]?.lowercased() == wanted.lowercased()
          })
      else {
        throw .noSuchProfile(browser, name: wanted, profiles: profiles.map(shownName))
      }
      chosen = match
    } else if profiles.contains("Default") {
      chosen = "Default"
    } else if profiles.count == 1 {
      chosen = profiles[0]
    } else if profiles.isEmpty {
      throw .noBookmarkFile(browser, profile: "Default", path: folder + "/Default/Bookmarks")
    } else {
      throw .severalProfiles(browser, profiles: profiles.map(shownName))
    }
    return BrowserBookmarks(
      browser: browser, profile: names[chosen] ?? chosen, path: folder + "/" + chosen + "/Bookmarks"
    )
  }
}
