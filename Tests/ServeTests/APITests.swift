import Foundation
import HolderTestSupport
import Testing

/// linkding's REST API on the store: its shapes, paging, ids, status codes and error bodies,
/// and every write one commit that names the client.
@Suite struct APITests {
  @Test func theListPagesNewestSavedFirstInLinkdingsShape() throws {
    let api = try APIClient(adds: [
      ["https://a.example/", "--title", "First", "--tag", "dev/swift"],
      ["https://b.example/", "--title", "Second", "--note", "노트"],
      ["https://c.example/", "--title", "Third"],
    ])
    let first = try api.get("/api/bookmarks/?limit=2")
    #expect(first["count"] as? Int == 3)
    #expect(first["previous"] is NSNull)
    let next = try #require(first["next"] as? String)
    #expect(next.hasPrefix("http://127.0.0.1:\(api.app.port)/api/bookmarks/?"))
    #expect(next.contains("limit=2") && next.contains("offset=2"))
    let results = try #require(first["results"] as? [[String: Any]])
    #expect(results.map { $0["title"] as? String } == ["Third", "Second"])
    let second = results[1]
    for field in [
      "id", "url", "title", "description", "notes", "web_archive_snapshot_url", "favicon_url",
      "preview_image_url", "is_archived", "unread", "shared", "tag_names", "date_added",
      "date_modified", "website_title", "website_description",
    ] {
      #expect(second.keys.contains(field), "missing \(field)")
    }
    #expect(second["notes"] as? String == "노트")
    #expect(second["url"] as? String == "https://b.example/")
    #expect(second["unread"] as? Bool == false)
    #expect(second["shared"] as? Bool == false)
    let rest = try api.get(String(next.dropFirst("http://127.0.0.1:\(api.app.port)".count)))
    let last = try #require(rest["results"] as? [[String: Any]])
    #expect(last.map { $0["title"] as? String } == ["First"])
    #expect(last[0]["tag_names"] as? [String] == ["dev/swift"])
    #expect(rest["next"] is NSNull)
    #expect((rest["previous"] as? String)?.contains("limit=2") == true)
  }

  @Test func idsAreStableAcrossRestartsAndNameTheBookmark() throws {
    let api = try APIClient(adds: [["https://a.example/"], ["https://b.example/"]])
    let listed = try #require(try api.get("/api/bookmarks/")["results"] as? [[String: Any]])
    let ids = listed.compactMap { $0["id"] as? Int }
    #expect(ids.count == 2 && Set(ids).count == 2)
    #expect(ids.allSatisfy { $0 > 0 && $0 < 1 << 53 })
    api.app.interrupt()
    let again = APIClient(
      app: try ServedApp(binary: api.app.binary, store: api.app.store), client: api.client,
      token: api.token)
    let relisted = try #require(try again.get("/api/bookmarks/")["results"] as? [[String: Any]])
    #expect(relisted.compactMap { $0["id"] as? Int } == ids)
    let one = try again.get("/api/bookmarks/\(ids[0])/")
    #expect(one["url"] as? String == listed[0]["url"] as? String)
  }

  @Test func aSaveFetchesThePageMakesOneCommitAndNamesTheClient() throws {
    let site = try TestHTTPServer.page(title: "A page · 서울", description: "About Seoul")
    defer { site.stop() }
    let api = try APIClient(env: ["HOLDER_GIT_OFFLINE": "0"], client: "pixel-phone")
    let before = try api.commitCount()
    let reply = try api.send(
      "POST", "/api/bookmarks/",
      json: #"{"url": "\#(site.baseURL)/seoul", "tag_names": ["travel"], "unread": true}"#)
    #expect(reply.status == 201)
    #expect(reply.headers["content-type"] == "application/json")
    let saved = APIClient.object(reply)
    #expect(saved["title"] as? String == "A page · 서울")
    #expect(saved["description"] as? String == "About Seoul")
    #expect(saved["tag_names"] as? [String] == ["travel"])
    #expect(saved["unread"] as? Bool == true)
    #expect(try api.commitCount() == before + 1)
    let log = try api.gitLog()
    #expect(log.hasPrefix("Add \"A page · 서울\""))
    #expect(log.components(separatedBy: "\u{0}")[0].contains("Device: pixel-phone"))
    #expect(!log.contains(api.token))
    // Nor anywhere else the store or the app keeps: the work tree, `.holder/`, `.git/` (objects
    // are compressed, so the check is on what git prints of every object too), the app's log.
    let grep = Process()
    grep.executableURL = URL(fileURLWithPath: "/usr/bin/grep")
    grep.arguments = ["-r", "-l", "-F", api.token, api.app.store]
    grep.standardOutput = FileHandle.nullDevice
    try grep.run()
    grep.waitUntilExit()
    #expect(grep.terminationStatus == 1)
    let everyObject = try api.app.binary.git.runGit(
      ["log", "--all", "-p", "--format=%B"], in: api.app.store)
    #expect(!everyObject.contains(api.token))
    #expect(!api.app.printed.contains(api.token))
    let shown = try api.cli(["show", "\(site.baseURL)/seoul"])
    #expect(shown.contains("A page · 서울"))
    #expect(shown.contains("toread"))
  }

  @Test func aFormIsTakenAsDjangoRESTFrameworkTakesIt() throws {
    let api = try APIClient()
    let reply = try HTTPReply.send(
      "POST", "/api/bookmarks/", port: api.app.port,
      headers: api.headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) {
        $1
      },
      body: "url=https%3A%2F%2Fswift.org&title=Swift&tag_names=lang&tag_names=apple&unread=true")
    #expect(reply.status == 201)
    let saved = APIClient.object(reply)
    #expect(saved["title"] as? String == "Swift")
    #expect(saved["tag_names"] as? [String] == ["apple", "lang"])
    #expect(saved["unread"] as? Bool == true)
  }

  @Test func savingASavedLinkAgainLosesNothing() throws {
    let api = try APIClient(adds: [
      ["https://swift.org/", "--title", "Swift", "--note", "keep me", "--tag", "lang"]
    ])
    let reply = try api.send(
      "POST", "/api/bookmarks/",
      json: #"{"url": "https://swift.org", "title": "", "notes": "", "tag_names": ["apple"]}"#)
    #expect(reply.status == 201)
    let saved = APIClient.object(reply)
    #expect(saved["title"] as? String == "Swift")
    #expect(saved["notes"] as? String == "keep me")
    #expect(saved["tag_names"] as? [String] == ["apple", "lang"])
    #expect(try api.get("/api/bookmarks/")["count"] as? Int == 1)
  }

  @Test func putPatchAndDeleteChangeTheStoreAsTheCLISeesIt() throws {
    let api = try APIClient(adds: [
      ["https://a.example/", "--title", "A", "--note", "a note", "--tag", "x"],
      ["https://b.example/", "--title", "B"],
    ])
    let listed = try #require(try api.get("/api/bookmarks/")["results"] as? [[String: Any]])
    let a = try #require(listed.first { $0["title"] as? String == "A" }?["id"] as? Int)
    let b = try #require(listed.first { $0["title"] as? String == "B" }?["id"] as? Int)
    let patched = try api.send("PATCH", "/api/bookmarks/\(a)/", json: #"{"title": "A, renamed"}"#)
    #expect(patched.status == 200)
    #expect(APIClient.object(patched)["notes"] as? String == "a note")
    #expect(try api.cli(["list"]).contains("A, renamed"))
    #expect(try api.gitLog().hasPrefix("Edit \"A, renamed\""))
    let put = try api.send(
      "PUT", "/api/bookmarks/\(a)/",
      json: #"{"url": "https://a.example/moved", "title": "", "notes": "", "tag_names": ["y"]}"#)
    #expect(put.status == 200)
    let moved = APIClient.object(put)
    #expect(moved["url"] as? String == "https://a.example/moved")
    #expect(moved["title"] as? String == "A, renamed")
    #expect(moved["notes"] as? String == "a note")
    #expect(moved["tag_names"] as? [String] == ["y"])
    #expect(moved["id"] as? Int == a)
    let noURL = try api.send("PUT", "/api/bookmarks/\(a)/", json: #"{"title": "T"}"#)
    #expect(noURL.status == 400)
    #expect(APIClient.object(noURL)["url"] as? [String] == ["This field is required."])
    let taken = try api.send(
      "PATCH", "/api/bookmarks/\(b)/", json: #"{"url": "https://a.example/moved"}"#)
    #expect(taken.status == 400)
    #expect(
      APIClient.object(taken)["url"] as? [String] == ["A bookmark with this URL already exists."])
    let deleted = try api.send("DELETE", "/api/bookmarks/\(b)/")
    #expect(deleted.status == 204)
    #expect(deleted.body.isEmpty)
    #expect(!(try api.cli(["list"]).contains("b.example")))
    let gone = try api.send("GET", "/api/bookmarks/\(b)/")
    #expect(gone.status == 404)
    #expect(APIClient.object(gone)["detail"] as? String == "Not found.")
  }

  @Test func unreadArchivedAndLinkdingsSearchWordsMapToTags() throws {
    let api = try APIClient(adds: [
      ["https://a.example/", "--title", "Alpha", "--tag", "toread", "--tag", "dev"],
      ["https://b.example/", "--title", "Beta", "--tag", "linkding:bookmarks.archived"],
      ["https://c.example/", "--title", "Gamma", "--tag", "dev"],
    ])
    func titles(_ path: String) throws -> [String] {
      (try api.get(path)["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }
    #expect(try titles("/api/bookmarks/") == ["Gamma", "Alpha"])
    #expect(try titles("/api/bookmarks/archived/") == ["Beta"])
    #expect(try titles("/api/bookmarks/?q=%21unread") == ["Alpha"])
    #expect(try titles("/api/bookmarks/?q=%23dev") == ["Gamma", "Alpha"])
    #expect(try titles("/api/bookmarks/?q=%23dev%20-tag%3Atoread") == ["Gamma"])
    #expect(try titles("/api/bookmarks/?q=gamma") == ["Gamma"])
    let alpha = try #require(
      (try api.get("/api/bookmarks/?q=alpha")["results"] as? [[String: Any]])?.first)
    #expect(alpha["unread"] as? Bool == true)
    #expect(alpha["tag_names"] as? [String] == ["dev"])
    let id = try #require(alpha["id"] as? Int)
    #expect(try api.send("POST", "/api/bookmarks/\(id)/archive/").status == 204)
    #expect(try titles("/api/bookmarks/archived/") == ["Beta", "Alpha"])
    #expect(try api.cli(["show", "https://a.example/"]).contains("linkding:bookmarks.archived"))
    let bad = try api.send("GET", "/api/bookmarks/?q=%22open")
    #expect(bad.status == 400)
    #expect(APIClient.object(bad)["q"] is [String])
  }

  @Test func checkAnswersTheSavedBookmarkAndThePage() throws {
    let site = try TestHTTPServer.page(title: "Checked page", description: "Its description")
    defer { site.stop() }
    let api = try APIClient(
      adds: [["\(site.baseURL)/saved", "--title", "Mine"]], env: ["HOLDER_GIT_OFFLINE": "0"])
    let saved = try api.get(
      "/api/bookmarks/check/?url=\(ServedApp.encode(site.baseURL + "/saved"))")
    #expect((saved["bookmark"] as? [String: Any])?["title"] as? String == "Mine")
    #expect((saved["metadata"] as? [String: Any])?["title"] as? String == "Checked page")
    #expect(saved["auto_tags"] as? [String] == [])
    let fresh = try api.get("/api/bookmarks/check/?url=\(ServedApp.encode(site.baseURL + "/new"))")
    #expect(fresh["bookmark"] is NSNull)
    let metadata = try #require(fresh["metadata"] as? [String: Any])
    #expect(metadata["title"] as? String == "Checked page")
    #expect(metadata["description"] as? String == "Its description")
  }

  @Test func errorsAreLinkdingsJSONNeverAPage() throws {
    let api = try APIClient(adds: [["https://a.example/"]])
    for path in [
      "/api/bundles/", "/api/bookmarks/1/assets/", "/api/bookmarks/shared/", "/api/nothing",
      "/api/bookmarks/12345/",
    ] {
      let reply = try api.send("GET", path)
      #expect(reply.status == 404, "\(path)")
      #expect(reply.headers["content-type"] == "application/json", "\(path)")
      #expect(APIClient.object(reply)["detail"] as? String == "Not found.", "\(path)")
    }
    let wrongMethod = try api.send("DELETE", "/api/user/profile/")
    #expect(wrongMethod.status == 405)
    #expect(APIClient.object(wrongMethod)["detail"] as? String == "Method \"DELETE\" not allowed.")
    let broken = try api.send("POST", "/api/bookmarks/", json: "{\"url\": ")
    #expect(broken.status == 400)
    #expect((APIClient.object(broken)["detail"] as? String)?.hasPrefix("JSON parse error") == true)
    let wrongTypes = try api.send(
      "POST", "/api/bookmarks/",
      json: #"{"url": "https://b.example", "tag_names": "x", "unread": "maybe"}"#)
    #expect(wrongTypes.status == 400)
    let fields = APIClient.object(wrongTypes)
    #expect(fields["tag_names"] is [String])
    #expect(fields["unread"] as? [String] == ["Must be a valid boolean."])
    let noURL = try api.send("POST", "/api/bookmarks/", json: "{}")
    #expect(APIClient.object(noURL)["url"] as? [String] == ["This field is required."])
    let badURL = try api.send("POST", "/api/bookmarks/", json: #"{"url": "not a link"}"#)
    #expect(badURL.status == 400)
    #expect(APIClient.object(badURL)["url"] is [String])
    #expect(try api.get("/api/bookmarks/")["count"] as? Int == 1)
  }

  @Test func tagsAndTheProfile() throws {
    let api = try APIClient(adds: [
      ["https://a.example/", "--tag", "dev/swift", "--tag", "toread"],
      ["https://b.example/", "--tag", "읽기"],
    ])
    let tags = try api.get("/api/tags/")
    #expect(tags["count"] as? Int == 2)
    let results = try #require(tags["results"] as? [[String: Any]])
    #expect(Set(results.compactMap { $0["name"] as? String }) == ["dev/swift", "읽기"])
    let swift = try #require(results.first { $0["name"] as? String == "dev/swift" })
    let id = try #require(swift["id"] as? Int)
    #expect(try api.get("/api/tags/\(id)/")["name"] as? String == "dev/swift")
    #expect(swift["date_added"] is String)
    let made = try api.send("POST", "/api/tags/", json: #"{"name": "Dev/Swift"}"#)
    #expect(made.status == 201)
    #expect(APIClient.object(made)["id"] as? Int == id)
    #expect(APIClient.object(made)["name"] as? String == "dev/swift")
    let noName = try api.send("POST", "/api/tags/", json: #"{"example": "x"}"#)
    #expect(noName.status == 400)
    #expect(APIClient.object(noName)["name"] as? [String] == ["This field is required."])
    let profile = try api.get("/api/user/profile/")
    #expect(profile["enable_sharing"] as? Bool == false)
    #expect(profile["version"] is String)
  }
}
