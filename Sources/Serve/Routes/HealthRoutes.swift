// `GET /health`: whether the app can read its store, for a service manager, a monitor or a
// reverse proxy. It needs no secret and no token (the guard lets it through after the Host
// check) and tells nothing of the store's content: the app's version and the commit the store
// is at, or 503 when the store cannot be read (the reason goes to the log, not to the caller).
import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `/health` answers.
struct Health: Encodable {
  var status: String
  var version: String?
  var head: String?

  private enum CodingKeys: String, CodingKey { case status, version, head }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    guard status == "ok" else { return }
    try container.encode(version, forKey: .version)
    // null before the store's first commit: a monitor sees the key either way.
    try container.encode(head, forKey: .head)
  }
}

extension App {
  func addHealthRoutes(to router: Router<AppRequestContext>) {
    router.get("/health") { _, _ in
      let health: Health
      let status: HTTPResponse.Status
      do {
        health = Health(
          status: "ok", version: BuildVersion.version, head: try await library.headCommit())
        status = .ok
      } catch {
        ServeLog.write("health: the store cannot be read: \(App.describe(error))")
        health = Health(status: "unavailable")
        status = .serviceUnavailable
      }
      let bytes = (try? JSONEncoder().encode(health)) ?? Data(#"{"status":"unavailable"}"#.utf8)
      return Response(
        status: status, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }
}
