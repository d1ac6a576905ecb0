import Foundation
import HolderTestSupport
import Testing

/// Import: the dry run's report first, nothing saved until the second post.
@Suite struct ImportPageTests {
  @Test func checksTheFileFirstThenImportsIt() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let secret = try app.secret()
    let file = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p>
        <DT><H3>dev</H3>
        <DL><p>
          <DT><A HREF="https://swift.org">Swift</A>
          <DT><A HREF="https://go.dev">Go</A>
          <DT><A HREF="place:sort=8">Recent</A>
        </DL><p>
      </DL><p>
      """
    let headers = ["X-Holder-Secret": secret, "Content-Type": "text/html"]
    let check = try HTTPReply.send(
      "POST", "/import?name=bookmarks.html", port: app.port,
      headers: headers.merging(["Origin": "http://127.0.0.1:\(app.port)"]) { $1 }, body: file)
    #expect(check.status == 200)
    #expect(check.body.contains("Would add 1, would merge 1"))
    #expect(check.body.contains("Skipped: 1"))
    #expect(try app.binary.run(["list"], in: app.store).stdout.contains("Go") == false)
    let save = try HTTPReply.send(
      "POST", "/import?name=bookmarks.html&commit=1", port: app.port, headers: headers, body: file)
    #expect(save.body.contains("Added 1, merged 1"))
    #expect(try app.binary.run(["list", "--tag", "dev"], in: app.store).stdout.contains("Go"))
    let without = try HTTPReply.send("POST", "/import?commit=1", port: app.port, body: file)
    #expect(without.status == 403)
  }
}
