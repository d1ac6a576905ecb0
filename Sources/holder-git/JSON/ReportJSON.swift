import FetchProtocol
import HolderCore
import HolderKit

/// The `--json` shapes of the commands that report on the store rather than print bookmarks:
/// `status`, `conflicts`, `remote list`, `sync`, `refresh` (docs/json.md gives each).
enum ReportJSON {
  typealias Node = CanonicalWriter.Node

  /// `status`: `{"branch", "remote", "ahead", "behind", "lastSync", "operationUnderWay",
  /// "handEdits": [change…]}`; what is not known is `null`.
  static func node(of status: StoreStatus) -> Node {
    object([
      ("branch", optional(status.branch)),
      ("remote", string(status.remote)),
      ("ahead", status.ahead.map(number) ?? .value(.null)),
      ("behind", status.behind.map(number) ?? .value(.null)),
      ("lastSync", optional(status.lastSync?.rfc3339)),
      ("operationUnderWay", optional(status.operationUnderWay)),
      ("handEdits", .array(status.handEdits.map(ChangeJSON.node(of:)))),
    ])
  }

  /// `conflicts`: an array of `{"commit", "time", "device", "bookmark", "field", "text",
  /// "restoreCommand"}`, newest first.
  static func node(of conflicts: [RecordedResolution]) -> Node {
    .array(
      conflicts.map { item in
        object([
          ("commit", string(item.commit)),
          ("time", string(item.time.rfc3339)),
          ("device", optional(item.device)),
          ("bookmark", optional(item.bookmark)),
          ("field", optional(item.field)),
          ("text", string(item.text)),
          ("restoreCommand", optional(item.restoreCommand)),
        ])
      })
  }

  /// `remote list`: an array of `{"name", "url"}`.
  static func node(ofRemotes remotes: [(name: String, url: String)]) -> Node {
    .array(remotes.map { object([("name", string($0.name)), ("url", string($0.url))]) })
  }

  /// `token list`: `[{"name", "created"}]` (the secrets are not kept, so never shown).
  static func node(ofTokens tokens: [APIToken]) -> Node {
    .array(
      tokens.map { object([("name", string($0.name)), ("created", string($0.created.rfc3339))]) })
  }

  /// `sync`: `{"remote", "dryRun", "result", "commit", "send", "takeIn", "settle", "pushed",
  /// "unreachable"}`; `commit` and `send` are what a dry run would do (empty after a real one).
  static func node(of report: SyncReport, remote: String, dryRun: Bool) -> Node {
    let result: String
    switch report.kind {
    case .upToDate: result = "up to date"
    case .pushedOnly: result = "send only"
    case .fastForward: result = "fast-forward"
    case .merged: result = "merge"
    case .unreachable: result = "unreachable"
    }
    return object([
      ("remote", string(remote)),
      ("dryRun", .value(.bool(dryRun))),
      ("result", string(result)),
      ("commit", .array(report.pendingHandEdits.map(ChangeJSON.node(of:)))),
      ("send", .array(report.outgoing.map(ChangeJSON.node(of:)))),
      ("takeIn", .array(report.incoming.map(ChangeJSON.node(of:)))),
      ("settle", .array(report.resolutions.map { string($0.summary) })),
      ("pushed", .value(.bool(report.pushed))),
      ("unreachable", optional(report.offline)),
    ])
  }

  /// `refresh`: `{"checked", "changed": [bookmark…], "failures": [{"id", "url", "path",
  /// "reason", "dead", "tagged"}…], "skipped": [message…], "networkDown"}`; `networkDown` is
  /// `null`, or `{"count", "reason"}` when most links failed the same way.
  static func node(of outcome: RefreshOutcome) -> Node {
    let failures = outcome.failures.map { failure in
      object([
        ("id", string(failure.bookmark.bookmark.id.rawValue)),
        ("url", string(failure.bookmark.bookmark.url)),
        ("path", string(failure.bookmark.path)),
        ("reason", string(failure.problem.errorDescription ?? "\(failure.problem)")),
        ("dead", .value(.bool(failure.problem.isDeadLink && outcome.networkDown == nil))),
        ("tagged", .value(.bool(failure.tagged))),
      ])
    }
    let down = outcome.networkDown.map { down in
      object([
        ("count", number(down.count)),
        ("reason", string(down.example.errorDescription ?? "\(down.example)")),
      ])
    }
    return object([
      ("checked", number(outcome.checked)),
      ("changed", BookmarkJSON.node(of: outcome.changed, asArray: true)),
      ("failures", .array(failures)),
      ("skipped", .array(outcome.skipped.map { string($0.message) })),
      ("networkDown", down ?? .value(.null)),
    ])
  }

  private static func object(_ members: [(String, Node)]) -> Node {
    .object(known: members.map { (key: $0.0, value: $0.1) }, extra: [:])
  }

  private static func string(_ text: String) -> Node { .value(.string(text)) }

  private static func number(_ value: Int) -> Node { .value(.number(String(value))) }

  private static func optional(_ text: String?) -> Node {
    text.map(string) ?? .value(.null)
  }
}
