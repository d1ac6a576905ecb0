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

/// A bookmark being edited in a text editor: a copy of its file under `.holder/local/edits/`.
///
/// The bookmark file itself is not touched until `finishEdit` has checked the copy, so an
/// abandoned edit leaves the store exactly as it was (like `visudo` or `crontab -e`).
public struct EditDraft: Sendable {
  /// The bookmark as it was when the edit began.
  public let original: LocatedBookmark
  /// The absolute path of the copy to open in an editor.
  public let path: String
  let originalBytes: [UInt8]
  let name: String
}

extension BookmarkEditor {
  static let draftFolder = Layout.local + "/edits"

  /// See `Store.beginEdit`.
  func beginEdit(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> EditDraft
  {
    try store.checkWritable()
    let located = try store.reader.resolve(name, currentDirectory: currentDirectory)
    try store.handEditIntake.ensureNoHandEdit(at: located.path)
    let (folder, file) = located.path.folderAndName
    do {
      let bytes = try store.rootDirectory.directory(folder).readFile(file)
      let drafts = try store.rootDirectory.directory(BookmarkEditor.draftFolder, create: true)
      try drafts.writeFileAtomically(file, bytes, durable: false)
      return EditDraft(
        original: located, path: store.root + "/" + BookmarkEditor.draftFolder + "/" + file,
        originalBytes: bytes, name: file)
    } catch {
      throw .fileSystem(error)
    }
  }

  /// See `Store.finishEdit`.
  func finishEdit(_ draft: EditDraft) throws(StoreError) -> EditOutcome {
    let bytes: [UInt8]
    do {
      bytes = try store.rootDirectory.directory(BookmarkEditor.draftFolder).readFile(draft.name)
    } catch {
      throw .fileSystem(error)
    }
    var edited = try checkedDraft(bytes, of: draft.original)
    return try store.withTransaction { (transaction) throws(StoreError) -> EditOutcome in
      let (folder, file) = draft.original.path.folderAndName
      let current = try? store.rootDirectory.directory(folder).readFile(file)
      guard current == draft.originalBytes else {
        throw .bookmark(.changedWhileEditing(path: draft.original.path))
      }
      guard edited != draft.original.bookmark else {
        discardEdit(draft)
        return .unchanged(draft.original)
      }
      if edited.lastModified == draft.original.bookmark.lastModified {
        edited.lastModified = Timestamp.stamp(
          now: store.environment.now(), previous: draft.original.bookmark.lastModified)
      }
      // A URL saved already throws here and keeps the draft, so the person can edit again.
      let results = try commitUpdates(
        [BookmarkUpdate(old: draft.original, new: edited)],
        message: Message("Edit \(quoted(edited.title))").english, in: transaction)
      discardEdit(draft)
      return .edited(before: draft.original, after: results[0])
    }
  }

  /// See `Store.discardEdit`.
  func discardEdit(_ draft: EditDraft) {
    try? store.rootDirectory.directory(BookmarkEditor.draftFolder).removeFile(draft.name)
  }

  /// The draft as a bookmark, with its URL normalised and its tags in the store's spelling.
  private func checkedDraft(_ bytes: [UInt8], of original: LocatedBookmark) throws(StoreError)
    -> Bookmark
  {
    let file = original.path
    var bookmark: Bookmark
    do {
      bookmark = try BookmarkCodec.decode(bytes, file: file)
    } catch {
      throw .bookmark(.brokenFile(error))
    }
    guard bookmark.id == original.bookmark.id else {
      throw .bookmark(
        .brokenFile(
          .content(
            atKey: "id", in: bytes, file: file,
            message: Message(
              "the id cannot change; put back \"\(original.bookmark.id.rawValue)\""
            ).english)))
    }
    do {
      bookmark.url = try URLNormalizer.normalize(bookmark.url, allowingUnsafeSchemes: true)
    } catch {
      throw .bookmark(
        .brokenFile(
          .content(atKey: "url", in: bytes, file: file, message: error.errorDescription ?? "")))
    }
    bookmark.tags = try validatedTags(bookmark.tags)
    return bookmark
  }
}
