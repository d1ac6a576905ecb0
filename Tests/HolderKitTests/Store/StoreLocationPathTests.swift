// Paths the way the store is found: `~` expanded and parent folders walked as Foundation's
// `NSString` path methods did, without corelibs Foundation in the program.
import Foundation
import Testing

@testable import HolderKit

@Suite struct StoreLocationPathTests {
  @Test(arguments: ["~", "~/", "~/notes", "~/a/b/", "~root", "~root/x", "plain/~", "/abs", "rel"])
  func aTildeExpandsAsFoundationExpandsIt(_ path: String) {
    #expect(StoreLocation.expandingTilde(path) == (path as NSString).expandingTildeInPath)
  }

  @Test func anUnknownUsersTildeStaysAsItIs() {
    #expect(StoreLocation.expandingTilde("~no-such-user-here/x") == "~no-such-user-here/x")
  }

  @Test func theEnclosingStoreIsFoundFromAFolderBelowIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "holder-location-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let deep = root + "/bookmarks/a/b"
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/.git", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/" + (Layout.settings as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: root + "/" + Layout.settings, contents: Data("{}".utf8))
    let found = StoreLocation.enclosingStore(of: deep)
    #expect(found == URL(fileURLWithPath: root).standardizedFileURL.path)
    #expect(StoreLocation.enclosingStore(of: "/") == nil)
  }
}
