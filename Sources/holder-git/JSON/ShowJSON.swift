import Git
import HolderCore
import HolderKit

/// `show --json`: the bookmark object with `lastCommit`, the commit that last changed its
/// file, as the text output has it (`null` before its first commit).
enum ShowJSON {
  static func node(of located: LocatedBookmark, lastCommit: FileCommit?)
    -> CanonicalWriter.Node
  {
    let object = BookmarkJSON.node(of: [located], asArray: false)
    guard case .object(let known, let extra) = object else { return object }
    var commit = CanonicalWriter.Node.value(.null)
    if let lastCommit {
      let time = Timestamp(millisecondsSince1970: lastCommit.author.time * 1000)
      commit = .object(
        known: [
          ("id", .value(.string(lastCommit.id))),
          ("subject", .value(.string(lastCommit.subject))),
          ("author", .value(.string(lastCommit.author.name))),
          ("time", .value(.string(time.rfc3339))),
        ], extra: [:])
    }
    return .object(known: known + [("lastCommit", commit)], extra: extra)
  }
}
