import HolderCore
import HolderKit

/// The one documented `--json` shape (`BookmarkJSONObject`), which exports share.
enum BookmarkJSON {
  /// One object (`asArray: false`, for exactly one bookmark) or an array of them.
  static func node(of bookmarks: [LocatedBookmark], asArray: Bool) -> CanonicalWriter.Node {
    let nodes = bookmarks.map { BookmarkJSONObject.node(for: $0.bookmark, path: $0.path) }
    return asArray || nodes.count != 1 ? .array(nodes) : nodes[0]
  }
}
