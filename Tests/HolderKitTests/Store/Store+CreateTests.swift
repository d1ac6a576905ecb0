import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreCreateTests {
  @Test func initMakesTheLayoutInOneCommit() throws {
    let fixture = try StoreFixture()
    #expect(try fixture.subjects() == ["Create bookmark store"])
    #expect(
      try fixture.runGit("ls-tree", "-r", "--name-only", "HEAD").split(separator: "\n") == [
        ".gitattributes", ".gitignore", ".holder/bookmark.schema.json", ".holder/store.json",
      ])
    #expect(try fixture.read(".gitattributes").contains("/bookmarks/** -text merge=holder-git"))
    #expect(try fixture.read(".gitignore").contains("/.holder/local/"))
    #expect(try fixture.read(".gitignore").contains("/tags/"))
    #expect(StoreSettingsCodec.isCanonical(try fixture.bytes(".holder/store.json")))
    let schema = try String(
      contentsOf: SchemaValidator.schemaDirectory.appendingPathComponent("bookmark.schema.json"),
      encoding: .utf8)
    #expect(try fixture.read(".holder/bookmark.schema.json") == schema)
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func initRefusesAFolderThatIsAlreadyAStore() throws {
    let fixture = try StoreFixture()
    #expect {
      try Store.create(at: fixture.root)
    } throws: { error in
      guard case StoreError.opening(.alreadyAStore) = error else { return false }
      return true
    }
    #expect(try fixture.subjects().count == 1)
  }

  @Test func openingAFolderWithoutAStoreSaysHowToMakeOne() throws {
    let scratch = try ScratchDirectory()
    #expect {
      try Store.open(at: scratch.path)
    } throws: { error in
      (error as? StoreError)?.errorDescription?.contains("run 'holder-git init'") == true
    }
  }

  @Test func aRepositoryLibgit2CannotOpenGetsAClearError() throws {
    let fixture = try StoreFixture()
    try fixture.runGit("config", "core.repositoryformatversion", "1")
    try fixture.runGit("config", "extensions.futureThing", "true")
    #expect {
      try Store.open(at: fixture.root)
    } throws: { error in
      let text = (error as? StoreError)?.errorDescription ?? ""
      return text.contains("futurething") || text.contains("futureThing")
    }
  }

  @Test func aNewerFormatIsReadButNotWritten() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/kept")
    let settings = try fixture.read(".holder/store.json")
    try fixture.write(
      settings.replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 99"),
      to: ".holder/store.json")
    try fixture.runGit("commit", "-qam", "From the future")
    let store = try Store.open(at: fixture.root)
    #expect(store.list().bookmarks.count == 1)
    #expect {
      try store.add(AddRequest(url: "https://example.org/new"))
    } throws: { error in
      (error as? StoreError)?.errorDescription?.contains("upgrade holder-git") == true
    }
  }
}
