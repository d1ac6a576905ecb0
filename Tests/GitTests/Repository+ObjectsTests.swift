import Foundation
import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryObjectsTests {
  @Test func blobBytesRoundTripAndMatchGitsHash() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let repository = try Repository.open(at: path)
    // Not UTF-8, with NUL and CR LF: stored untouched, as the store's files are `-text`.
    let bytes: [UInt8] = [0xff, 0xfe, 0x00, 0x41, 0x0d, 0x0a, 0xc3, 0x28, 0x80]
    try fixture.scratch.write(bytes, to: "raw.bin")

    let id = try repository.writeBlob(bytes)

    #expect(try repository.blob(id) == bytes)
    #expect(
      id.hex
        == (try fixture.runGit(["hash-object", fixture.path("raw.bin")], in: path))
        .trimmingCharacters(in: .newlines))
    #expect(try fixture.runGit(["cat-file", "-s", id.hex], in: path) == "9\n")
    #expect(try repository.blob(repository.writeBlob([])) == [])
  }

  @Test func readsABlobWrittenByGit() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.scratch.write("{\n  \"url\": \"https://example.org/\"\n}\n", to: "b.json")
    let hex = try fixture.runGit(["hash-object", "-w", fixture.path("b.json")], in: path)
    let id = try #require(ObjectID(hex: hex.trimmingCharacters(in: .newlines)))

    let bytes = try Repository.open(at: path).blob(id)

    #expect(String(decoding: bytes, as: UTF8.self) == "{\n  \"url\": \"https://example.org/\"\n}\n")
  }

  @Test func missingObjectIsNotFound() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))

    #expect {
      try repository.blob(missing)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .notFound && error.function == "git_blob_lookup"
    }
  }

  @Test func treeEntriesMatchGitLsTree() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["README": "hi\n", "bookmarks/g/github.com/a.json": "{}\n", "tool.sh": "#!/bin/sh\n"],
      message: "Files", in: path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: fixture.path("repo/tool.sh"))
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("repo/link"), withDestinationPath: "README")
    try fixture.commitFiles([:], message: "Mode and link", in: path)
    let repository = try Repository.open(at: path)
    let tree = try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path)))

    let entries = try repository.treeEntries(tree)

    let listed = entries.map { entry in
      let type = entry.kind == .tree ? "tree" : "blob"
      return
        "\(String(entry.mode, radix: 8).leftPadded(to: 6)) \(type) \(entry.id.hex)\t\(entry.name)"
    }
    #expect(
      listed.joined(separator: "\n") + "\n" == (try fixture.runGit(["ls-tree", "HEAD"], in: path)))
    #expect(entries.map(\.kind) == [.blob, .tree, .symlink, .executable])
  }

  @Test func entryAtPathFindsNestedEntriesOrNil() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["bookmarks/g/github.com/a.json": "{}\n"], message: "One", in: path)
    let repository = try Repository.open(at: path)
    let tree = try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path)))
    let blob = try fixture.revParse("HEAD:bookmarks/g/github.com/a.json", in: path)
    let folder = try fixture.revParse("HEAD:bookmarks/g", in: path)

    let file = try repository.entry(atPath: "bookmarks/g/github.com/a.json", inTree: tree)
    let directory = try repository.entry(atPath: "bookmarks/g", inTree: tree)

    #expect(file?.id.hex == blob)
    #expect(file?.name == "a.json")
    #expect(file?.kind == .blob)
    #expect(directory?.id.hex == folder)
    #expect(directory?.kind == .tree)
    #expect(try repository.entry(atPath: "bookmarks/g/github.com/b.json", inTree: tree) == nil)
    #expect(try repository.entry(atPath: "nothing/here", inTree: tree) == nil)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
