// `GET /health`, as a service manager or a monitor asks it: no secret, nothing of the store's
// content, the Host check kept, and 503 when the store cannot be read.
import Foundation
import Testing

@Suite struct HealthTests {
  @Test func saysHealthyAsLinkdingDoesWithTheVersionsAndTheCommitAndNothingOfTheStore() throws {
    let app = try ServedApp(adds: [["https://swift.org/private-page", "--title", "Secret plans"]])
    let reply = try app.get("/health")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "application/json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
    #expect(Set(json.keys) == ["status", "version", "holder_git_version", "head"])
    // linkding's answer, which its clients read first: aiolinkding wants 1.22.0 or later.
    #expect(json["status"] as? String == "healthy")
    let linkding = (json["version"] as? String ?? "").split(separator: ".").compactMap { Int($0) }
    #expect(linkding.lexicographicallyPrecedes([1, 22, 0]) == false && linkding.count == 3)
    #expect((json["holder_git_version"] as? String)?.isEmpty == false)
    let head = try app.binary.git.runGit(["rev-parse", "HEAD"], in: app.store)
    #expect(json["head"] as? String == head.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(!reply.body.contains("swift.org") && !reply.body.contains("Secret"))
    // No secret was sent, no page was opened first, and a monitor's question is not logged.
    _ = try app.get("/marker", headers: ["Host": "elsewhere.example:\(app.port)"])
    #expect(app.waitForLine("GET /marker 421") != nil)
    #expect(!app.printed.contains("GET /health"))
  }

  @Test func keepsTheHostCheck() throws {
    let app = try ServedApp()
    let reply = try app.get("/health", headers: ["Host": "rebinding.example:\(app.port)"])
    #expect(reply.status == 421)
    #expect(!reply.body.contains("healthy"))
  }

  @Test func answers503WhenTheStoreCannotBeRead() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let git = app.store + "/.git"
    try FileManager.default.moveItem(atPath: git, toPath: git + "-away")
    let reply = try app.get("/health")
    try FileManager.default.moveItem(atPath: git + "-away", toPath: git)
    #expect(reply.status == 503)
    #expect(reply.body.contains(#""status":"unhealthy""#))
    #expect(!reply.body.contains("head"))
    #expect(app.waitForLine("health: the store cannot be read") != nil)
    #expect(try app.get("/health").status == 200)
  }
}
