#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A Netscape link read as an import entry: folders as tags (`FolderOptions`, the browsers' own
// folders in `NetscapeFolders`), free text as tag paths (`TagText`), and `NetscapeItem.entry`.

/// How folders of a bookmark file become tags.
public struct FolderOptions: Hashable, Sendable {
  /// Folders become nested tags (on by default).
  public var foldersAsTags: Bool
  /// A tag path put in front of every folder tag (`imported/firefox`), when set.
  public var prefix: String?

  public init(foldersAsTags: Bool = true, prefix: String? = nil) {
    self.foldersAsTags = foldersAsTags
    self.prefix = prefix
  }
}

/// The folders browsers make themselves, which say where a bookmark was shown, not what it
/// is about: dropped from the start of a folder path (documented in docs/import-export.md).
public enum NetscapeFolders {
  /// Compared without case; only leading folders of a path are dropped, so a folder of the
  /// user's own with one of these names deeper down stays.
  public static let pseudoFolders: [String] = [
    "Bookmarks", "Bookmarks Toolbar", "Bookmarks bar", "Bookmarks Menu", "Other bookmarks",
    "Other Bookmarks", "Mobile bookmarks", "Unsorted Bookmarks", "Unfiled", "Favorites",
    "Favourites", "Favorites bar", "Favourites bar", "Other favorites", "Other favourites",
    "Favorites Bar", "BookmarksBar", "BookmarksMenu", "Reading List", "Speed Dial",
  ]

  private static let pseudoKeys = Set(pseudoFolders.map { $0.lowercased() })

  /// True when `name` is one of the browsers' own folders.
  public static func isPseudoFolder(_ name: String) -> Bool {
    pseudoKeys.contains(name.trimmingSpacesAndNewlines().lowercased())
  }

  /// The tag for a folder path (outermost first), or nil when nothing is left of it.
  ///
  /// `systemFolders` are the positions the file itself marks as the browser's (the
  /// `PERSONAL_TOOLBAR_FOLDER` attribute), dropped like the named ones when leading.
  public static func tag(
    for folders: [String], systemFolders: Set<Int> = [], options: FolderOptions
  ) -> String? {
    guard options.foldersAsTags else { return nil }
    var start = 0
    while start < folders.count
      && (systemFolders.contains(start) || isPseudoFolder(folders[start]))
    {
      start += 1
    }
    let segments = folders[start...].compactMap(TagText.segment)
    let prefix = options.prefix.flatMap(TagText.tag)
    guard !segments.isEmpty else { return nil }
    return ([prefix].compactMap { $0 } + segments).joined(separator: "/")
  }
}

/// Turns free text from a file into tag paths that pass `TagPath.validate`.
public enum TagText {
  /// One segment from a folder name: spaces trimmed, control characters dropped, a `/`
  /// (which would nest) written `-`; nil for what cannot be a segment (empty, `.`, `..`).
  public static func segment(_ text: String) -> String? {
    let cleaned = String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { !TagText.isControl($0) }
          .map { $0 == "/" ? "-" : $0 })
    )
    .trimmingSpacesAndNewlines()
    if cleaned.isEmpty || cleaned == "." || cleaned == ".." { return nil }
    return cleaned
  }

  /// The parts of a `TAGS` list, split at every `,` scalar (a `,` followed by a combining
  /// mark is one `Character` in Swift, and still a separator).
  public static func commaSeparated(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: true).map {
      String(String.UnicodeScalarView($0))
    }
  }

  /// The same control characters `TagPath.validate` refuses.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A tag path as written in a `TAGS` attribute: `/` nests, bad segments are dropped.
  ///
  /// Split at every `/` scalar, as `commaSeparated` splits at `,`: a `/` before a combining
  /// mark is one `Character`, and still nests.
  public static func tag(_ text: String) -> String? {
    let segments = text.slashSeparated().compactMap { segment($0) }
    return segments.isEmpty ? nil : segments.joined(separator: "/")
  }
}

extension NetscapeItem {
  /// The entry this link stands for: dates read in s/ms/µs, folders and `TAGS` as tags,
  /// `TOREAD="1"` (Pinboard) as the tag `toread`, `PRIVATE="1"` as the field `private`, the
  /// `<DD>` as the note; a link from holder-git's own export (`HOLDER_ID`) is read back
  /// exactly (`holderEntry`).
  public func entry(options: FolderOptions) -> ImportEntry {
    if let exact = holderEntry() { return exact }
    var tags: [String] = []
    if let folderTag = NetscapeFolders.tag(
      for: folders, systemFolders: systemFolders, options: options)
    {
      tags.append(folderTag)
    }
    if let list = attributes["tags"] {
      tags += TagText.commaSeparated(list).compactMap(TagText.tag)
    }
    if attributes["toread"] == "1" { tags.append("toread") }
    var warnings: [String] = []
    let created = ImportDate.read(attributes, "add_date", warnings: &warnings)
    let modified = ImportDate.read(attributes, "last_modified", warnings: &warnings)
    let link = href.trimmingSpacesAndNewlines()
    var entry = ImportEntry(
      url: ShaarliNote.url(forRelativeLink: link) ?? link,
      title: NetscapeItem.oneLine(title), note: NetscapeItem.trimmedLines(description),
      tags: tags, created: created, lastModified: modified.map { max($0, created ?? $0) },
      line: line)
    entry.warnings = warnings
    // Shaarli's, Pinboard's and linkding's private links: kept as the field Pinboard's JSON
    // gives them (holder-git shows no one else a bookmark, but the mark is the person's).
    if attributes["private"] == "1" { entry.extra["private"] = .bool(true) }
    return entry
  }

  /// Runs of white space (new lines included) as one space, none at the ends, nor the
  /// bidirectional controls some programs wrap titles in; an ideographic space stays
  /// (`TitleText`).
  static func oneLine(_ text: String) -> String {
    TitleText.oneLine(text)
  }

  /// Spaces at line ends and blank lines at both ends removed; inner lines kept.
  static func trimmedLines(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      (line.utf8.contains(0x0D)
        ? String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\r" }))
        : String(line))
        .trimmingSpaces()
    }
    var result = lines[...]
    while let first = result.first, first.isEmpty { result = result.dropFirst() }
    while let last = result.last, last.isEmpty { result = result.dropLast() }
    return result.joined(separator: "\n")
  }
}

extension NetscapeItem {
  /// A folder name or title as one line (for readers outside this module).
  public static func oneLineText(_ text: String) -> String { oneLine(text) }
}
