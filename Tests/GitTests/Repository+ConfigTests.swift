import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryConfigTests {
  @Test func readsRepositoryAndGlobalValuesAndNilWhenUnset() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.runGit(["config", "holder.color", "never"], in: path)
    let repository = try Repository.open(at: path)

    #expect(try repository.config("holder.color") == "never")
    #expect(try repository.config("holder.scope") == "global")
    #expect(try repository.config("holder.missing") == nil)
  }

  @Test func setConfigWritesTheRepositoryConfigGitReads() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let repository = try Repository.open(at: path)

    try repository.setConfig("merge.holder-git.driver", to: "holder-git merge-driver %O %A %B")
    try repository.setConfig("holder.scope", to: "local")

    #expect(
      try fixture.runGit(["config", "--local", "merge.holder-git.driver"], in: path)
        == "holder-git merge-driver %O %A %B\n")
    #expect(try repository.config("holder.scope") == "local")
    #expect(try Repository.open(at: path).config("merge.holder-git.driver") != nil)
  }

  @Test func defaultSignatureIsNilWithoutAnIdentity() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())

    #expect(try repository.defaultSignature(time: 1_700_000_000, offsetMinutes: 60) == nil)

    try repository.setConfig("user.name", to: "Ada Lovelace")
    #expect(try repository.defaultSignature(time: 1_700_000_000, offsetMinutes: 60) == nil)
  }

  @Test func defaultSignatureUsesTheConfiguredIdentityAndGivenTime() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    try repository.setConfig("user.name", to: "Ada Lovelace")
    try repository.setConfig("user.email", to: "ada@example.org")

    let signature = try repository.defaultSignature(time: 1_700_000_000, offsetMinutes: -300)

    #expect(
      signature
        == Signature(
          name: "Ada Lovelace", email: "ada@example.org", time: 1_700_000_000,
          offsetMinutes: -300))
  }
}
