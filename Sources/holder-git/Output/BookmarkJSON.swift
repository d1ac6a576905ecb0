import HolderCore
import HolderKit

/// The one documented `--json` shape: the bookmark file's own object plus `path` and
/// `readableURL`, written by the canonical writer so keys keep the file's order.
enum BookmarkJSON {
  /// One object (`asArray: false`, for exactly one bookmark) or an array of them.
  static func text(of bookmarks: [LocatedBookmark], asArray: Bool) -> String {
    let nodes = bookmarks.map(node)
    let document: CanonicalWriter.Node =
      asArray || nodes.count != 1 ? .array(nodes) : nodes[0]
    var bytes = CanonicalWriter.document(document)
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func node(_ located: LocatedBookmark) -> CanonicalWriter.Node {
    let bytes = BookmarkCodec.encode(located.bookmark)
    // The codec's own output always reads back; its members keep the canonical order.
    guard case .object(let members)? = try? JSONReader.read(bytes, file: located.path) else {
      return .value(.null)
    }
    let known =
      members.map { (key: $0.key, value: CanonicalWriter.Node.value($0.value)) } + [
        (key: "path", value: .value(.string(located.path))),
        (key: "readableURL", value: .value(.string(URLNormalizer.readable(located.bookmark.url)))),
      ]
    return .object(known: known, extra: [:])
  }
}
