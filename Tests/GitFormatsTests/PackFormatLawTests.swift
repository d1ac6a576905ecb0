import Foundation
import Git
import HolderTestSupport
import Testing

/// PackWriter checked by git itself: `verify-pack`, `fsck --full` and `cat-file` read what it
/// wrote without libgit2 in between.
@Suite struct PackFormatLawTests {
  /// A repository with one pack written by PackWriter: three blobs (one empty, one larger
  /// than the writer's 1 MiB buffer), the tree holding them and a commit of that tree, which
  /// `main` points at so that `fsck` sees every object reachable.
  private struct PackedRepository {
    let fixture: GitFixture
    let path: String
    let repository: Repository
    let objects: [(id: ObjectID, kind: String, bytes: [UInt8])]

    init() throws {
      fixture = try GitFixture()
      path = try fixture.initRepository()
      repository = try Repository.open(at: path)
      let writer = try PackWriter(repository: repository)
      var objects: [(id: ObjectID, kind: String, bytes: [UInt8])] = []
      func add(_ bytes: [UInt8], _ kind: ObjectKind, _ name: String) throws -> ObjectID {
        let id = try writer.write(bytes, as: kind)
        objects.append((id, name, bytes))
        return id
      }
      let small = try add(Array("{\n  \"url\": \"https://example.org/\"\n}\n".utf8), .blob, "blob")
      // Letters from a fixed linear congruential sequence: compresses, but not to nothing.
      var state: UInt32 = 12345
      let big: [UInt8] = (0..<3_000_000).map { _ in
        state = state &* 1_103_515_245 &+ 12345
        return UInt8(ascii: "a") + UInt8((state >> 16) % 26)
      }
      let large = try add(big, .blob, "blob")
      let empty = try add([], .blob, "blob")
      var tree: [UInt8] = []
      for (name, id) in [("a.json", small), ("big.txt", large), ("empty", empty)] {
        tree += Array("100644 \(name)\0".utf8) + id.rawBytes
      }
      let treeID = try add(tree, .tree, "tree")
      let commit = try add(
        Array(
          """
          tree \(treeID.hex)
          author A U Thor <author@example.com> 1112911993 -0700
          committer C O Mitter <committer@example.com> 1112911993 -0700

          Import three files

          """.utf8), .commit, "commit")
      // The same content again is the same object, and is not written twice.
      #expect(try writer.write(big, as: .blob) == large)
      #expect(writer.count == 5)
      try writer.finish()
      try fixture.runGit(["update-ref", "refs/heads/main", commit.hex], in: path)
      self.objects = objects
    }

    func packFiles() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack").sorted()
    }
  }

  @Test func gitVerifiesThePackAndItsIndex() throws {
    let packed = try PackedRepository()
    let files = try packed.packFiles()
    #expect(files.count == 2)
    let index = try #require(files.first { $0.hasSuffix(".idx") })
    #expect(files.contains(index.dropLast(4) + ".pack"))

    let listing = try packed.fixture.runGit(
      ["verify-pack", "-v", ".git/objects/pack/" + index], in: packed.path)

    for object in packed.objects {
      #expect(listing.contains("\(object.id.hex) \(object.kind) "))
    }
    #expect(listing.contains("non delta: 5 objects"))
  }

  @Test func fsckFindsEveryObjectSoundAndNothingMissingOrLoose() throws {
    let packed = try PackedRepository()

    let report = try packed.fixture.runGit(
      ["fsck", "--full", "--no-dangling", "--strict"], in: packed.path)
    let counts = try packed.fixture.runGit(["count-objects", "-v"], in: packed.path)

    #expect(report == "")
    #expect(counts.contains("count: 0\n"))
    #expect(counts.contains("in-pack: 5\n"))
  }

  @Test func catFileReadsEveryObjectBackAsWritten() throws {
    let packed = try PackedRepository()

    for object in packed.objects {
      let kind = try packed.fixture.runGit(["cat-file", "-t", object.id.hex], in: packed.path)
      let size = try packed.fixture.runGit(["cat-file", "-s", object.id.hex], in: packed.path)
      #expect(kind == object.kind + "\n")
      #expect(size == "\(object.bytes.count)\n")
      if object.kind != "tree" {
        let content = try packed.fixture.runGit(
          ["cat-file", object.kind, object.id.hex], in: packed.path)
        #expect(Array(content.utf8) == object.bytes)
      }
    }
    let listing = try packed.fixture.runGit(["ls-tree", "-r", "main"], in: packed.path)
    #expect(listing.contains("\(packed.objects[1].id.hex)\tbig.txt\n"))
    // libgit2 sees the new pack at once too, without reopening the repository.
    #expect(try packed.repository.blob(packed.objects[1].id) == packed.objects[1].bytes)
  }

  @Test func aWriterNeverFinishedLeavesNothingBehind() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let repository = try Repository.open(at: path)
    var writer: PackWriter? = try PackWriter(repository: repository)
    let id = try writer?.write(Array("lost\n".utf8), as: .blob)
    writer = nil

    let left = try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack")
    #expect(left.isEmpty)
    let hex = try #require(id).hex
    #expect(throws: ProcessFailure.self) {
      try fixture.runGit(["cat-file", "-e", hex], in: path)
    }
  }

  @Test func finishingAnEmptyWriterMakesNoPack() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let writer = try PackWriter(repository: try Repository.open(at: path))

    try writer.finish()

    #expect(try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack") == [])
    #expect(try fixture.runGit(["fsck", "--full"], in: path) == "")
  }
}
