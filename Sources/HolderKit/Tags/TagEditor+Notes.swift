import HolderCore
import Localization

/// What becomes of tags as a person gave them, one sentence each, so that a tag is never
/// merged or respelled without a word: case variants given together (`--tag handmade --tag
/// Handmade`, or `["handmade", "Handmade"]` written by hand) become one tag, and a tag the
/// store spells otherwise takes the store's spelling. Reads the store's spellings; writes
/// nothing.
extension TagEditor {
  /// See `Store.tagSpellingNotes`.
  func tagSpellingNotes(typed: [String]) -> [String] {
    var groups: [String: [String]] = [:]
    var keys: [String] = []
    for raw in typed {
      let tag = raw.trimmingSpaces().nfc
      guard TagPath.isValid(tag) else { continue }
      let key = Bookmark.tagKey(tag)
      if groups[key] == nil { keys.append(key) }
      if groups[key, default: []].contains(tag) { continue }
      groups[key, default: []].append(tag)
    }
    var notes: [String] = []
    for key in keys {
      let spellings = groups[key] ?? []
      let kept = Bookmark.canonicalTags(spellings.map { storeSpelling(of: $0) }).first ?? key
      if spellings.count > 1 {
        let quoted = spellings.map { "'\($0)'" }
        let others = quoted.dropLast().joined(separator: ", ")
        let last = spellings.last ?? ""
        notes.append(
          Message("\(others) and '\(last)' differ only in case and are one tag: '\(kept)' is kept")
            .english)
      } else if let only = spellings.first, only != kept {
        notes.append(
          Message("the tag '\(only)' is written '\(kept)', as the store spells it").english)
      }
    }
    return notes
  }

  /// See `Store.tagSpellingNotes`.
  func tagSpellingNotes(ofDraft draft: EditDraft) -> [String] {
    guard
      let bytes = try? store.rootDirectory.directory(BookmarkEditor.draftFolder).readFile(
        draft.name)
    else { return [] }
    return TagEditor.tagSpellingNotes(in: bytes, path: draft.path)
  }

  /// What reading the file `bytes` does to its tags as written (`Bookmark.tagSpellingNotes`).
  static func tagSpellingNotes(in bytes: [UInt8], path: String) -> [String] {
    guard case .object(let members)? = try? JSONReader.read(bytes, file: path),
      case .array(let values)? = members.first(where: { $0.key == "tags" })?.value
    else { return [] }
    let tags = values.compactMap { value -> String? in
      if case .string(let tag) = value { return tag }
      return nil
    }
    return Bookmark.tagSpellingNotes(tags)
  }
}
