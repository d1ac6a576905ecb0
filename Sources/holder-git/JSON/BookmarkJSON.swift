import HolderCore
import HolderKit

/// The one documented `--json` shape (`BookmarkJSONObject`), which exports share.
enum BookmarkJSON {
  /// One object (`asArray: false`, for exactly one bookmark) or an array of them.
  static func text(of bookmarks: [LocatedBookmark], asArray: Bool) -> String {
    let nodes = bookmarks.map { BookmarkJSONObject.node(for: $0.bookmark, path: $0.path) }
    let document: CanonicalWriter.Node =
      asArray || nodes.count != 1 ? .array(nodes) : nodes[0]
    var bytes = CanonicalWriter.document(document)
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
