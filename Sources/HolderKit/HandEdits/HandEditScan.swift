import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What the hand-edit intake read from the work tree before deciding anything: the files
/// gone from their committed paths, the readable files, and the ids of the files it refused.
///
/// A bookmark is known by its id, not by where its file is (DESIGN §1 puts every file at its
/// URL's path): a file that turns up elsewhere with the id of one that went away is that
/// bookmark moved by hand, and a file gone while a refused file may be it is never taken for
/// a deletion (DESIGN §4a).
struct HandEditScan {
  /// A bookmark file gone from a path HEAD or git's index knows, with what HEAD holds there.
  struct Gone {
    var path: String
    var previous: Bookmark?
  }

  /// A readable bookmark file that differs from HEAD, with what HEAD holds at its path.
  struct File {
    var path: String
    var previous: Bookmark?
    var bookmark: Bookmark
  }

  var gone: [Gone] = []
  var files: [File] = []
  /// Refused file path → the id it names (read loosely from broken bytes), nil when none.
  var refused: [(path: String, id: BookmarkID?)] = []

  /// Notes a file that cannot be taken in, naming the id it holds when one can be made out.
  mutating func refuse(_ path: String, id: BookmarkID?) {
    refused.append((path, id))
  }

  /// Notes a broken file: the id is read from its bytes without parsing them, so a file
  /// moved and broken in one go still holds back the deletion of its old path.
  mutating func refuse(_ path: String, bytes: [UInt8]?, committedID: BookmarkID?) {
    let id = bytes.flatMap(Self.looseID)
    // A broken edit in place names no other bookmark; a new file might be any of them.
    if committedID != nil && (id == nil || id == committedID) { return }
    refused.append((path, id))
  }

  /// The refused file that may be the bookmark gone from `gone`, if any: one with its id, or
  /// a new file whose id cannot be made out.
  func refusedFile(thatMayBe gone: Gone) -> String? {
    guard let id = gone.previous?.id else { return nil }
    if let same = refused.first(where: { $0.id == id }) { return same.path }
    return refused.first(where: { $0.id == nil })?.path
  }

  /// The first `"id": "…"` in `bytes` that is a UUID, found without parsing the JSON.
  static func looseID(_ bytes: [UInt8]) -> BookmarkID? {
    let text = String(decoding: bytes, as: UTF8.self)
    // By scalar, as a regular expression reads text elsewhere: a combining mark after a quote
    // does not hide it.
    let pattern = #/"id"\s*:\s*"([0-9A-Fa-f-]{36})"/#.matchingSemantics(.unicodeScalar)
    guard let match = text.firstMatch(of: pattern) else { return nil }
    return BookmarkID(String(match.1))
  }
}
