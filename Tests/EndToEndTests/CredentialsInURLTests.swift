import Foundation
import HolderTestSupport
import Testing

/// A link with a user name or password in it is refused where a person types or imports it,
/// so the password is never written to a file, committed or synced; the message gives the
/// link without it.
@Suite struct CredentialsInURLTests {
  @Test(arguments: [
    "https://user:pass@example.com/private", "https://token@example.com/private",
  ])
  func addRefusesCredentials(_ url: String) throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run(["add", "--store", store, url, "--title", "Private"])
    #expect(added.status != 0)
    #expect(added.stderr.contains("'https://example.com/private'"), "\(added.stderr)")
    let listed = try binary.run(["list", "--store", store, "--json"]).stdout
    #expect(!listed.contains("example.com"))
    let everything = try binary.git.runGit(["log", "-p", "--all"], in: store)
    #expect(!everything.contains("pass") && !everything.contains("token"))
  }

  @Test func editAndImportRefuseCredentials() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.com/a"]).status == 0)
    let edit = try binary.run([
      "edit", "--store", store, "https://example.com/a", "--url", "https://me:secret@example.com/a",
    ])
    #expect(edit.status != 0)
    #expect(edit.stderr.contains("user name or password"), "\(edit.stderr)")

    let file = binary.git.path("in.jsonl")
    try Data(
      ("{\"url\":\"https://me:secret@example.org/x\"}\n{\"url\":\"https://example.org/y\"}\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let imported = try binary.run(["import", "--store", store, file])
    #expect(imported.status == 0, "\(imported.stderr)")
    let listed = try binary.run(["list", "--store", store, "--json"]).stdout
    #expect(listed.contains("example.org/y"))
    #expect(!listed.contains("secret") && !listed.contains("example.org/x"), "\(listed)")
    #expect(!(try binary.git.runGit(["log", "-p", "--all"], in: store)).contains("secret"))
  }
}
