import HolderCore
import HolderKit

/// The `--json` shape of a tag listing: an array of `{"tag", "count", "total"}`.
enum TagJSON {
  static func node(of tags: [TagInfo]) -> CanonicalWriter.Node {
    let nodes = tags.map { info -> CanonicalWriter.Node in
      .object(
        known: [
          (key: "tag", value: .value(.string(info.tag))),
          (key: "count", value: .value(.number(String(info.count)))),
          (key: "total", value: .value(.number(String(info.total)))),
        ], extra: [:])
    }
    return .array(nodes)
  }
}
