import Foundation
import HolderTestSupport
import Testing

/// The tags page: rename (and merge), delete, reorder.
@Suite struct TagPageTests {
  @Test func renamesMergesDeletesAndReordersTags() throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "swift"],
      ["https://go.dev", "--title", "Go", "--tag", "go"],
      ["https://rust-lang.org", "--title", "Rust", "--tag", "rust", "--tag", "go"],
    ])
    let secret = try app.secret()
    func rows() throws -> [String] {
      try app.get("/tags").body.components(separatedBy: "data-test=\"tag-row\"").dropFirst()
        .compactMap { $0.components(separatedBy: "<a href=").dropFirst().first }
        .map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
    }
    #expect(try rows() == ["go", "rust", "swift"])
    let renamed = try app.post(
      "/tags/rename", ["tag": "swift", "to": "lang/swift", "_secret": secret])
    #expect(renamed.status == 303)
    #expect(try rows() == ["go", "lang", "lang/swift", "rust"])
    // Onto an existing tag: the two merge.
    #expect(
      try app.post("/tags/rename", ["tag": "rust", "to": "go", "_secret": secret]).status == 303)
    #expect(try rows() == ["go", "lang", "lang/swift"])
    #expect(try app.binary.run(["list", "--tag", "go"], in: app.store).stdout.contains("Rust"))
    #expect(
      try app.post("/tags/move", ["tag": "lang", "before": "go", "_secret": secret]).status == 303)
    #expect(try rows() == ["lang", "lang/swift", "go"])
    #expect(try app.post("/tags/delete", ["tag": "go", "_secret": secret]).status == 303)
    #expect(try rows() == ["lang", "lang/swift"])
    #expect(try app.binary.run(["list"], in: app.store).stdout.contains("Go"))
    let unknown = try app.post("/tags/delete", ["tag": "nothing", "_secret": secret])
    #expect(unknown.status == 404)
  }
}
