import HolderCore
import HolderKit

/// The `--json` shape of `add -`: an array of `{"line", "input", "result", "path"}`, with
/// `"reason"` instead of `"path"` for a refused line.
enum AddLinesJSON {
  static func node(of lines: [URLLine], _ results: [ManyAddResult]) -> CanonicalWriter.Node {
    let nodes = zip(lines, results).map { line, result -> CanonicalWriter.Node in
      var fields: [(key: String, value: CanonicalWriter.Node)] = [
        (key: "line", value: .value(.number(String(line.number)))),
        (key: "input", value: .value(.string(line.url))),
      ]
      switch result {
      case .added(let located):
        fields.append((key: "result", value: .value(.string("added"))))
        fields.append((key: "path", value: .value(.string(located.path))))
      case .updated(let located):
        fields.append((key: "result", value: .value(.string("updated"))))
        fields.append((key: "path", value: .value(.string(located.path))))
      case .alreadySaved(let located):
        fields.append((key: "result", value: .value(.string("already saved"))))
        fields.append((key: "path", value: .value(.string(located.path))))
      case .refused(let reason):
        fields.append((key: "result", value: .value(.string("refused"))))
        fields.append((key: "reason", value: .value(.string(reason))))
      }
      return .object(known: fields, extra: [:])
    }
    return .array(nodes)
  }
}
