import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryTreeDiffTests {
  @Test func listsWhatChangedBelowAFolder() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      [
        "README.md": "one\n",
        "bookmarks/g/github.com/a.json": "a\n",
        "bookmarks/g/github.com/b.json": "b\n",
        "bookmarks/k/ko.wikipedia.org/c.json": "c\n",
      ], message: "Seed", in: path)
    let first = try fixture.revParse("HEAD^{tree}", in: path)
    try fixture.runGit(["rm", "-q", "bookmarks/g/github.com/b.json"], in: path)
    try fixture.commitFiles(
      [
        "README.md": "two\n",
        "bookmarks/g/github.com/a.json": "a, edited\n",
        "bookmarks/e/example.org/d.json": "d\n",
      ], message: "Change", in: path)
    let second = try fixture.revParse("HEAD^{tree}", in: path)
    let repository = try Repository.open(at: path)
    let old = try #require(ObjectID(hex: first))
    let new = try #require(ObjectID(hex: second))

    let deltas = try repository.changes(from: old, to: new, under: "bookmarks")
    let summary = deltas.map { delta in
      (delta.old == nil ? "A " : delta.new == nil ? "D " : "M ") + delta.path
    }
    #expect(
      summary.sorted() == [
        "A bookmarks/e/example.org/d.json", "D bookmarks/g/github.com/b.json",
        "M bookmarks/g/github.com/a.json",
      ])
    #expect(try repository.changes(from: new, to: new, under: "bookmarks").isEmpty)
    let everything = try repository.changes(from: nil, to: new, under: "")
    #expect(everything.count == 4)
    #expect(everything.allSatisfy { $0.old == nil })
  }

  /// A comparison answered from an earlier one (the same, or the whole trees' filtered to a
  /// folder) says what a repository that never compared them says.
  @Test func anAnswerFromAnEarlierComparisonIsTheSameAsAFreshOne() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["README.md": "one\n", "bookmarks/a/a.org/x.json": "x\n", "tags/t": "t\n"],
      message: "Seed", in: path)
    let first = try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path)))
    try fixture.commitFiles(
      [
        "README.md": "two\n", "bookmarks/a/a.org/x.json": "x2\n",
        "bookmarks/b/b.org/y.json": "y\n", "bookmarksX": "not below the folder\n",
      ], message: "Change", in: path)
    let second = try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path)))
    let remembering = try Repository.open(at: path)
    let whole = try remembering.changes(from: first, to: second, under: "")
    #expect(try remembering.changes(from: first, to: second, under: "") == whole)
    for folder in ["bookmarks", "bookmarks/a", "tags", "README.md", "nothing"] {
      let fresh = try Repository.open(at: path).changes(from: first, to: second, under: folder)
      #expect(try remembering.changes(from: first, to: second, under: folder) == fresh, "\(folder)")
    }
    #expect(try remembering.changes(from: first, to: second, under: "bookmarks").count == 2)
  }
}
