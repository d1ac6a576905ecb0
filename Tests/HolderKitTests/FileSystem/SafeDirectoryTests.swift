import Foundation
import HolderKit
import HolderTestSupport
import Testing

@Suite struct SafeDirectoryTests {
  @Test func atomicWritesReplaceTheFileAndLeaveNoTemporaryBehind() throws {
    let scratch = try ScratchDirectory()
    let directory = try SafeDirectory(path: scratch.path).directory("a/b", create: true)
    try directory.writeFileAtomically("x.json", Array("one\n".utf8))
    try directory.writeFileAtomically("x.json", Array("two\n".utf8))
    #expect(try directory.readFile("x.json") == Array("two\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("a/b")) == ["x.json"])
  }

  @Test func aLinkOnThePathIsNeverFollowed() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("secret\n", to: "outside/secret.json")
    try FileManager.default.createDirectory(
      atPath: scratch.path("store"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("store/host"), withDestinationPath: scratch.path("outside"))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("store/file.json"),
      withDestinationPath: scratch.path("outside/secret.json"))
    let root = try SafeDirectory(path: scratch.path("store"))
    #expect(throws: FileSystemError.self) { try root.directory("host") }
    #expect(throws: FileSystemError.self) { try root.readFile("file.json") }
    #expect(throws: FileSystemError.self) {
      try root.directory("host", create: true).writeFileAtomically("new.json", [0x7B])
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("outside/new.json")))
  }

  @Test func entriesTellLinksFromFilesAndFolders() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("{}", to: "d/file.json")
    try FileManager.default.createDirectory(
      atPath: scratch.path("d/sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("d/link"), withDestinationPath: "/etc/passwd")
    let entries = try SafeDirectory(path: scratch.path("d")).entries()
    let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.kind) })
    #expect(kinds == ["file.json": .file, "sub": .directory, "link": .symlink])
    #expect(try SafeDirectory(path: scratch.path("d")).linkTarget("link") == "/etc/passwd")
    #expect(try SafeDirectory(path: scratch.path("d")).linkTarget("file.json") == nil)
  }
}
