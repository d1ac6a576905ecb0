import HolderCore
import HolderKit

/// The `--json` shape of a tag listing: an array of `{"tag", "count", "total"}`.
enum TagJSON {
  static func text(of tags: [TagInfo]) -> String {
    let nodes = tags.map { info -> CanonicalWriter.Node in
      .object(
        known: [
          (key: "tag", value: .value(.string(info.tag))),
          (key: "count", value: .value(.number(String(info.count)))),
          (key: "total", value: .value(.number(String(info.total)))),
        ], extra: [:])
    }
    var bytes = CanonicalWriter.document(.array(nodes))
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
