// `GET /health`: whether the app can read its store, for a service manager, a monitor or a
// reverse proxy, and for linkding's clients, which read the linkding version there before
// anything else (aiolinkding refuses a server that gives none). It needs no secret and no
// token (the guard lets it through after the Host check) and tells nothing of the store's
// content: linkding's answer (`version`, `status`), holder-git's version and the commit the
// store is at, or 503 when the store cannot be read (the reason goes to the log, not to the
// caller).
import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `/health` answers: linkding's `{"version", "status": "healthy"|"unhealthy"}`, and when
/// healthy holder-git's own version and the store's commit.
struct Health: Encodable {
  var healthy: Bool
  var holderGit: String? = nil
  var head: String? = nil

  private enum CodingKeys: String, CodingKey {
    case version, status
    case holderGit = "holder_git_version"
    case head
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    // The linkding release whose API the app speaks: what linkding's clients compare.
    try container.encode(App.linkdingVersion, forKey: .version)
    try container.encode(healthy ? "healthy" : "unhealthy", forKey: .status)
    guard healthy else { return }
    try container.encode(holderGit, forKey: .holderGit)
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
          healthy: true, holderGit: BuildVersion.version, head: try await library.headCommit())
        status = .ok
      } catch {
        ServeLog.write("health: the store cannot be read: \(App.describe(error))")
        health = Health(healthy: false)
        status = .serviceUnavailable
      }
      let bytes = (try? JSONEncoder().encode(health)) ?? Data(#"{"status":"unhealthy"}"#.utf8)
      return Response(
        status: status, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }
}
