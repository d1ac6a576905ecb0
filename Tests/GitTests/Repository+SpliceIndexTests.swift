import Foundation
import Git
import HolderTestSupport
import Testing

/// An index with a few entries spliced in reads, to the real git, exactly as
/// the index `git add -A` makes for the same work tree, in every on-disk version, with its
/// cache tree kept valid where nothing changed.
@Suite struct RepositorySpliceIndexTests {
  /// Files in nested folders, as bookmark paths are.
  private static func seedFiles(_ count: Int) -> [String: String] {
    var files: [String: String] = [:]
    for n in 0..<count {
      files["bookmarks/\(n % 7)/host\(n % 13).example/page-\(n).json"] = "{\"n\": \(n)}\n"
    }
    files["top.json"] = "top\n"
    return files
  }

  private func write(_ contents: String, to path: String, in repository: String) throws {
    let url = URL(fileURLWithPath: repository + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  @Test(arguments: [2, 3, 4])
  func splicedIndexReadsAsGitAddMakesIt(version: Int) throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(Self.seedFiles(300), message: "Seed", in: path)
    try fixture.runGit(["update-index", "--index-version", "\(version)"], in: path)
    // A cache tree in the index, as git leaves it after a commit.
    try fixture.runGit(["write-tree"], in: path)
    let repository = try Repository.open(at: path)
    let writes = [
      "aaa-first.json", "bookmarks/3/host5.example/page-31.json",
      "bookmarks/3/host5.example/page-5000.json", "bookmarks/9/new.example/x.json", "zzz.json",
    ]
    let removals = ["bookmarks/0/host0.example/page-0.json", "top.json"]
    var staged: [(path: String, id: ObjectID)] = []
    for (n, file) in writes.enumerated() {
      let contents = "changed \(n)\n"
      try write(contents, to: file, in: path)
      // The store commits its blobs before it stages them.
      staged.append((file, try repository.writeBlob(Array(contents.utf8))))
    }
    for file in removals { try FileManager.default.removeItem(atPath: path + "/" + file) }
    #expect(try repository.spliceIndex(writes: staged, removals: removals, durable: true))

    // Nothing unstaged; staged exactly the change.
    let status = try fixture.runGit(["status", "--porcelain", "--untracked-files=all"], in: path)
    let lines = Set(status.split(separator: "\n").map(String.init))
    let expected = Set(
      [
        "M  bookmarks/3/host5.example/page-31.json", "D  bookmarks/0/host0.example/page-0.json",
        "D  top.json",
      ]
        + [
          "aaa-first.json", "bookmarks/3/host5.example/page-5000.json",
          "bookmarks/9/new.example/x.json", "zzz.json",
        ].map { "A  " + $0 })
    #expect(lines == expected)
    try fixture.runGit(["ls-files", "--debug"], in: path)
    let spliced = try fixture.runGit(["ls-files", "-s"], in: path)
    let tree = try fixture.runGit(["write-tree"], in: path)
    try fixture.runGit(["fsck", "--strict"], in: path)

    // The same work tree staged by git itself.
    try fixture.runGit(["add", "-A"], in: path)
    #expect(try fixture.runGit(["ls-files", "-s"], in: path) == spliced)
    try FileManager.default.removeItem(atPath: path + "/.git/index")
    try fixture.runGit(["add", "-A"], in: path)
    #expect(try fixture.runGit(["write-tree"], in: path) == tree)
  }

  @Test func aDamagedIndexIsLeftToLibgit2AndKeepsItsDamageVisible() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(Self.seedFiles(20), message: "Seed", in: path)
    let indexURL = URL(fileURLWithPath: path + "/.git/index")
    var index = Array(try Data(contentsOf: indexURL))
    index[12 + 36] ^= 0x01  // a bit of the first entry's file size
    try Data(index).write(to: indexURL)
    let repository = try Repository.open(at: path)
    try write("changed\n", to: "top.json", in: path)
    let id = try repository.writeBlob(Array("changed\n".utf8))
    #expect(
      try !repository.spliceIndex(writes: [("top.json", id)], removals: [], durable: false))
    #expect(Array(try Data(contentsOf: indexURL)) == index)
  }

  @Test func aConflictOnAChangedPathIsLeftToLibgit2() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["a.json": "a\n"], message: "Seed", in: path)
    let id = try fixture.runGit(["rev-parse", "HEAD:a.json"], in: path)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try fixture.runGit(
      ["update-index", "--index-info"], in: path,
      stdin: Array("0 \(String(repeating: "0", count: 40))\ta.json\n100644 \(id) 2\ta.json\n".utf8))
    let before = try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index"))
    let repository = try Repository.open(at: path)
    let written = PackWriter.objectID(of: Array("a\n".utf8), kind: .blob)
    #expect(
      try !repository.spliceIndex(writes: [("a.json", written)], removals: [], durable: false))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")) == before)
  }
}
