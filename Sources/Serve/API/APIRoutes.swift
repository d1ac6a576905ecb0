// What every route of the API shares: the routes themselves (one file per resource adds its
// own), the paging linkding's lists use (`limit`, `offset`, `count`, `next`, `previous`), the
// client's name for the commit, and 405 for a method a resource does not take.
import HTTPTypes
import HolderCore
import HolderKit
import Hummingbird

extension App {
  func addAPIRoutes(to router: Router<AppRequestContext>) {
    addBookmarkAPIRoutes(to: router)
    addTagAPIRoutes(to: router)
    addProfileAPIRoutes(to: router)
  }

  /// Answers 405 to each method `path` does not take, so a client learns the method is wrong
  /// rather than that the resource is missing.
  func refuseOtherMethods(
    at path: RouterPath, than taken: [HTTPRequest.Method], on router: Router<AppRequestContext>
  ) {
    for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete]
    where !taken.contains(method) {
      router.on(path, method: method) { request, _ in
        APIAnswer.methodNotAllowed(request.method)
      }
    }
  }

  /// The API client's name for the commit's `Device:` trailer: the name of the token it
  /// showed, which the guard puts in this header (nil: this machine's name).
  static func client(_ request: Request) -> String? {
    request.headers[APIClientField.header]
  }
}

/// One page of a list, as linkding's `limit` and `offset` ask for it.
struct APIPage {
  /// linkding's default page size.
  static let defaultLimit = 100
  /// No page is larger: a client asking for more gets this many and a `next` link.
  static let maximumLimit = 1000

  var limit: Int
  var offset: Int

  /// The page the query asks for; what is not a number is left at its default, as Django REST
  /// framework leaves it.
  init(_ fields: FormFields) {
    let asked = fields["limit"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    limit = min(asked ?? Self.defaultLimit, Self.maximumLimit)
    offset = max(0, fields["offset"].flatMap { Int($0) } ?? 0)
  }

  /// `{"count", "next", "previous", "results"}`, the links absolute as linkding gives them.
  func node(count: Int, results: [CanonicalWriter.Node], request: Request)
    -> CanonicalWriter.Node
  {
    var next: JSONValue = .null
    var previous: JSONValue = .null
    if offset + limit < count { next = .string(link(request, offset: offset + limit)) }
    if offset > 0 { previous = .string(link(request, offset: max(0, offset - limit))) }
    return .object(
      known: [
        ("count", .value(.number(String(count)))), ("next", .value(next)),
        ("previous", .value(previous)), ("results", .array(results)),
      ], extra: [:])
  }

  /// This request's address with another offset (none for the first page).
  private func link(_ request: Request, offset: Int) -> String {
    var fields = FormFields(query: request.uri.query ?? "")
    fields.set("limit", String(limit))
    fields.remove("offset")
    if offset > 0 { fields.set("offset", String(offset)) }
    // Behind a proxy that speaks TLS the client reached the app over https.
    let scheme =
      request.headers[HTTPField.Name.known("X-Forwarded-Proto")] == "https" ? "https" : "http"
    let host = request.head.authority ?? "127.0.0.1"
    return "\(scheme)://\(host)\(request.uri.path)?\(fields.encoded)"
  }
}
