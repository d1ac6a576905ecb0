import Foundation
import HolderTestSupport
import Testing

/// aiolinkding, the linkding client on PyPI, against the app: what it lists, finds, checks and
/// changes is what the CLI and `git log` show.
@Suite struct APIClientTests {
  /// The package's root, where `scripts/setup --test` makes `.build/test-python`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs `Clients/linkding_client.py command arguments` and reads what it printed.
  private func client(_ api: APIClient, _ arguments: [String]) throws -> [String: Any] {
    let python = Self.root + "/.build/test-python/bin/python"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw ServeTestFailure("no \(python): run scripts/setup --test (it installs aiolinkding)")
    }
    let script = Self.root + "/Tests/ServeTests/Clients/linkding_client.py"
    let run = try runProcess(
      python, [script] + arguments, cwd: nil,
      env: [
        "HOLDER_API_URL": "http://127.0.0.1:\(api.app.port)", "HOLDER_API_TOKEN": api.token,
        "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1", "PYTHONIOENCODING": "utf-8",
      ], stdin: nil)
    guard run.status == 0,
      let answer = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    else {
      throw ServeTestFailure("linkding_client.py \(arguments): \(run.stdout) \(run.stderr)")
    }
    return answer
  }

  @Test func aiolinkdingListsSearchesChecksAndChangesTheStore() throws {
    let site = try TestHTTPServer.page(title: "Fetched · 東京", description: "A page about Tokyo")
    defer { site.stop() }
    let api = try APIClient(
      adds: [
        ["https://one.example/", "--title", "One", "--tag", "dev"],
        ["https://two.example/", "--title", "Two", "--tag", "dev/swift"],
        ["https://three.example/", "--title", "Three"],
        ["https://four.example/", "--title", "Four", "--note", "kept"],
        ["https://five.example/", "--title", "Five", "--tag", "toread"],
      ], env: ["HOLDER_GIT_OFFLINE": "0"])

    // Paging as the client pages: 5 bookmarks, 2 a page.
    let listed = try client(api, ["list", "2"])
    #expect(listed["count"] as? Int == 5)
    #expect(listed["pages"] as? Int == 3)
    let all = try #require(listed["results"] as? [[String: Any]])
    #expect(Set(all.compactMap { $0["id"] as? Int }).count == 5)
    func id(_ title: String) -> Int? {
      all.first { $0["title"] as? String == title }?["id"] as? Int
    }

    let found = try client(api, ["search", "#dev"])
    #expect(found["count"] as? Int == 2)
    let unread = try client(api, ["search", "!unread"])
    #expect((unread["results"] as? [[String: Any]])?.first?["title"] as? String == "Five")

    let savedCheck = try client(api, ["check", "https://four.example/"])
    #expect((savedCheck["bookmark"] as? [String: Any])?["notes"] as? String == "kept")
    let page = site.baseURL + "/tokyo"
    let newCheck = try client(api, ["check", page])
    #expect(newCheck["bookmark"] is NSNull)
    #expect((newCheck["metadata"] as? [String: Any])?["title"] as? String == "Fetched · 東京")

    // A save: one commit, the page's title, the client in the Device trailer.
    let commits = try api.commitCount()
    let created = try client(api, ["create", page, "travel"])
    #expect(created["title"] as? String == "Fetched · 東京")
    #expect(created["tag_names"] as? [String] == ["travel"])
    #expect(try api.commitCount() == commits + 1)
    let add = try api.gitLog().components(separatedBy: "\u{0}")[0]
    #expect(add.hasPrefix("Add \"Fetched · 東京\""))
    #expect(add.contains("Device: \(api.client)"))
    let shown = try api.cli(["show", page])
    #expect(shown.contains("Fetched · 東京") && shown.contains("travel"))
    let newID = try #require(created["id"] as? Int)
    #expect(try client(api, ["single", String(newID)])["url"] as? String == page)

    // aiolinkding's update is a PATCH (it also sends unread and shared as false).
    let four = try #require(id("Four"))
    let patched = try client(api, ["patch", String(four), "Four, renamed", "a new note"])
    #expect(patched["title"] as? String == "Four, renamed")
    #expect(try api.cli(["show", "https://four.example/"]).contains("a new note"))
    let edit = try api.gitLog().components(separatedBy: "\u{0}")[0]
    #expect(edit.hasPrefix("Edit \"Four, renamed\"") && edit.contains("Device: \(api.client)"))

    let one = try #require(id("One"))
    let put = try client(
      api, ["put", String(one), "https://one.example/moved", "One, moved", "x", "y"])
    #expect(put["url"] as? String == "https://one.example/moved")
    #expect(put["tag_names"] as? [String] == ["x", "y"])
    #expect(try api.cli(["list"]).contains("One, moved"))
    let moved = try api.gitLog().components(separatedBy: "\u{0}")[0]
    #expect(moved.hasPrefix("Edit \"One, moved\"") && moved.contains("Device: \(api.client)"))

    let archived = try client(api, ["archive", String(one)])
    #expect(archived["is_archived"] as? Bool == true)
    #expect(
      (try client(api, ["archived"])["results"] as? [[String: Any]])?.compactMap {
        $0["id"] as? Int
      }
        == [one])

    let three = try #require(id("Three"))
    let deleted = try client(api, ["delete", String(three)])
    #expect(deleted["deleted"] as? Int == three)
    #expect(!(try api.cli(["list"]).contains("three.example")))
    #expect(try api.gitLog().components(separatedBy: "\u{0}")[0].contains("Device: \(api.client)"))
    let gone = try client(api, ["single", String(three)])
    #expect(gone["error"] as? String == "UnknownEndpointError")

    // Tags, paged one at a time.
    let tags = try client(api, ["tags", "1"])
    let names = (tags["results"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    // `dev` went with the PUT; `toread` and the archive's tag are flags, not listed.
    #expect(Set(names) == ["dev/swift", "travel", "x", "y"])
    #expect(tags["pages"] as? Int == 4)
    let travel = try #require(
      (tags["results"] as? [[String: Any]])?.first { $0["name"] as? String == "travel" }?["id"]
        as? Int)
    #expect(try client(api, ["tag", String(travel)])["name"] as? String == "travel")
    // aiolinkding 2025.2.0 sends its tag under the wrong key; linkding refuses that too.
    let wrongKey = try client(api, ["tag-create", "later"])
    #expect(wrongKey["error"] as? String == "RequestError")
    #expect((wrongKey["message"] as? String)?.contains("This field is required.") == true)
    #expect(try client(api, ["tag-create-named", "travel"])["id"] as? Int == travel)

    let profile = try client(api, ["profile"])
    #expect(profile["version"] is String)
    #expect(profile["enable_sharing"] as? Bool == false)
  }
}
