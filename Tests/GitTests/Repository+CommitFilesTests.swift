import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryCommitFilesTests {
  /// Over random histories (files added, edited, removed, a file turned into a folder), each
  /// commit's changed files are what the plain tree diff against its first parent lists,
  /// and the commits are those `git rev-list` gives, in its order.
  @Test func eachCommitsFilesAreTheTreeDiffAgainstItsFirstParent() throws {
    var rng = SplitMix(state: 71)
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let names = ["bookmarks/a/x.json", "bookmarks/a/y.json", "bookmarks/b/z.json", "top.txt"]
    for step in 0..<12 {
      var files: [String: String] = [:]
      for name in names where Bool.random(using: &rng) { files[name] = "\(name) \(step)\n" }
      if step == 6 { files["bookmarks/c"] = "a file where a folder will be\n" }
      if step == 9 {
        try fixture.runGit(["rm", "-q", "bookmarks/c"], in: path)
        files["bookmarks/c/w.json"] = "now a folder\n"
      }
      if step % 4 == 3 {
        _ = try? fixture.runGit(["rm", "-q", "--ignore-unmatch", names[step % 3]], in: path)
      }
      files["counter"] = "\(step)\n"
      try fixture.commitFiles(files, message: "Step \(step)", in: path)
    }
    let repository = try Repository.open(at: path)
    let head = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    let ids = try repository.commitIDs(from: head)
    let byGit = try fixture.runGit(["rev-list", "--date-order", "HEAD"], in: path)
      .split(separator: "\n").map(String.init)
    #expect(ids.map(\.hex) == byGit)
    var seen = 0
    try repository.changedFiles(inCommits: ids, under: "bookmarks") { commit, deltas in
      let parentTree = try commit.parents.first.map { try repository.commit($0).tree }
      let expected = try repository.changes(from: parentTree, to: commit.tree, under: "bookmarks")
      #expect(deltas.sorted { $0.path < $1.path } == expected.sorted { $0.path < $1.path })
      seen += 1
    }
    #expect(seen == 12)
  }
}
