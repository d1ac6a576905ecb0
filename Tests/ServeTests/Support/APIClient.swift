// The app's linkding API as a client uses it: JSON in and out with the token in
// `Authorization`, and the store as the CLI and git show it afterwards.
import Foundation
import HolderTestSupport
import Testing

struct APIClient {
  let app: ServedApp
  /// The name the token was made with: the `Device:` its writes commit under.
  let client: String
  let token: String

  /// Serves a store made with `adds`, with a token named `client`.
  init(adds: [[String]] = [], env: [String: String] = [:], client: String = "phone") throws {
    let app = try ServedApp(adds: adds, env: env)
    try self.init(app: app, client: client)
  }

  /// Makes the token with `holder-git token add client`, as a person would.
  init(app: ServedApp, client: String = "phone") throws {
    self.app = app
    self.client = client
    let made = try app.binary.run(["token", "add", client])
    guard made.status == 0 else { throw ServeTestFailure("token add: \(made.stderr)") }
    token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Shares the token the app was given before (a restart keeps the tokens).
  init(app: ServedApp, client: String, token: String) {
    self.app = app
    self.client = client
    self.token = token
  }

  var headers: [String: String] { ["Authorization": "Token \(token)"] }

  /// Sends `method path` with `json` as the body.
  func send(_ method: String, _ path: String, json: String? = nil) throws -> HTTPReply {
    var all = headers
    if json != nil { all["Content-Type"] = "application/json" }
    return try HTTPReply.send(method, path, port: app.port, headers: all, body: json)
  }

  /// The answer's body as a JSON object (an empty one when it is not).
  static func object(_ reply: HTTPReply) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any] ?? [:]
  }

  /// `GET path`, its JSON object.
  func get(_ path: String) throws -> [String: Any] {
    Self.object(try send("GET", path))
  }

  /// The CLI's view of the store.
  func cli(_ arguments: [String]) throws -> String {
    try app.binary.run(arguments, in: app.store).stdout
  }

  /// `git log` of the store, newest first, with each commit's whole message.
  func gitLog() throws -> String {
    try app.binary.git.runGit(["log", "--format=%B%x00"], in: app.store)
  }

  /// How many commits the store has.
  func commitCount() throws -> Int {
    Int(
      try app.binary.git.runGit(["rev-list", "--count", "HEAD"], in: app.store).trimmingCharacters(
        in: .whitespacesAndNewlines)) ?? 0
  }
}

extension TestHTTPServer {
  /// A server whose every page is an HTML page titled `title` and described `description`.
  static func page(title: String, description: String) throws -> TestHTTPServer {
    try TestHTTPServer { _ in
      .send(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Array(
          """
          <!doctype html><html lang=en><head><meta charset=utf-8><title>\(title)</title>
          <meta name=description content="\(description)"></head><body>\(title)</body></html>
          """.utf8))
    }
  }
}
