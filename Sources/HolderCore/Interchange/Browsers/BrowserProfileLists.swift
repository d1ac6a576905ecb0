// The files in which browsers list their profiles, read: Firefox's `profiles.ini` and the
// Chromium family's `Local State`. Finding them on disk is HolderKit's `BrowserProfiles`.

/// Firefox's `profiles.ini`: the profiles of one Firefox folder and which is the default.
///
/// Follows the file as Firefox 67 and later write it (Mozilla's "Profile Manager"
/// documentation, `toolkit/profile/nsToolkitProfileService.cpp`): `[ProfileN]` sections with
/// `Name`, `Path` and `IsRelative` (1: `Path` is under the folder of `profiles.ini`), the
/// older `Default=1` mark, and `[Install…]` sections (one per installed Firefox) whose
/// `Default` is the path of the profile that installation opens.
public struct FirefoxProfileList: Hashable, Sendable {
  public struct Profile: Hashable, Sendable {
    public var name: String
    public var path: String
    public var isRelative: Bool
    /// `Default=1` in the profile's own section (Firefox before 67, still written).
    public var markedDefault: Bool
  }

  /// The profiles, in file order.
  public var profiles: [Profile]
  /// The `Default` paths of the `[Install…]` sections, in file order.
  public var installDefaults: [String]

  public init(profiles: [Profile], installDefaults: [String]) {
    self.profiles = profiles
    self.installDefaults = installDefaults
  }

  /// The list `text` holds; lines it does not understand are passed over, as Firefox does.
  public init(text: String) {
    var sections: [(name: String, values: [String: String])] = []
    for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      let line = rawLine.trimmingSpaces()
      if line.hasPrefix("["), line.hasSuffix("]") {
        sections.append((String(line.dropFirst().dropLast()), [:]))
      } else if let equals = line.firstIndex(of: "="), !sections.isEmpty,
        !line.hasPrefix(";"), !line.hasPrefix("#")
      {
        let key = String(line[..<equals]).trimmingSpaces()
        sections[sections.count - 1].values[key] = String(line[line.index(after: equals)...])
          .trimmingSpaces()
      }
    }
    profiles = sections.compactMap { section in
      guard section.name.lowercased().hasPrefix("profile"), let path = section.values["Path"]
      else { return nil }
      return Profile(
        name: section.values["Name"] ?? path, path: path,
        isRelative: section.values["IsRelative"] != "0",
        markedDefault: section.values["Default"] == "1")
    }
    installDefaults = sections.compactMap { section in
      section.name.hasPrefix("Install") ? section.values["Default"] : nil
    }
  }

  /// The profile Firefox opens: the first installation's default, else the one marked
  /// `Default=1`, else the only profile; nil when there are several and none is marked.
  public var defaultProfile: Profile? {
    for path in installDefaults {
      if let profile = profiles.first(where: { $0.path == path }) { return profile }
    }
    if let marked = profiles.first(where: \.markedDefault) { return marked }
    return profiles.count == 1 ? profiles[0] : nil
  }
}

/// The Chromium family's `Local State`: the display name of each profile folder.
///
/// A JSON object whose `profile.info_cache` maps each profile's folder (`Default`,
/// `Profile 1`…) to an object with its `name`, as Chromium's `ProfileAttributesStorage`
/// writes it. Anything else in the file is ignored.
public enum ChromiumLocalState {
  /// Folder → display name; empty when the file is not such an object.
  public static func profileNames(_ bytes: [UInt8]) -> [String: String] {
    guard case .object(let top)? = try? JSONReader.read(bytes, file: "Local State"),
      case .object(let profile)? = top.first(where: { $0.key == "profile" })?.value,
      case .object(let cache)? = profile.first(where: { $0.key == "info_cache" })?.value
    else { return [:] }
    var names: [String: String] = [:]
    for (folder, value) in cache {
      guard case .object(let fields) = value,
        case .string(let name)? = fields.first(where: { $0.key == "name" })?.value
      else { continue }
      names[folder] = name
    }
    return names
  }
}
