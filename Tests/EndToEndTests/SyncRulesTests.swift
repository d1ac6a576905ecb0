import Foundation
import HolderTestSupport
import Testing

/// Issue 15, as a user meets it with two clones and a bare remote: a tag typed after a rename
/// keeps its name, an edit committed with plain git wins by its commit's time, and a dry run
/// lists everything the sync would do.
@Suite struct SyncRulesTests {
  /// A laptop store with `urls` pushed to a bare remote, and a phone cloned from it.
  private func twoMachines(_ binary: HolderBinary, _ urls: [String], env: [String: String] = [:])
    throws -> (laptop: String, phone: String)
  {
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    for url in urls {
      let added = try binary.run(
        ["add", "--store", laptop, url, "--title", "Base", "--tag", "dev"], env: env)
      #expect(added.status == 0, "\(added.stderr)")
    }
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    #expect(try binary.run(["clone", remote, phone]).status == 0)
    return (laptop, phone)
  }

  private func tree(_ binary: HolderBinary, _ store: String) throws -> String {
    try binary.git.runGit(["rev-parse", "HEAD^{tree}"], in: store)
  }

  @Test func aTagTypedAfterARenameIsNotRenamedByALaterSync() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary, ["https://one.example/"])
    #expect(try binary.run(["tag", "rename", "--store", laptop, "dev", "code"]).status == 0)
    let added = try binary.run([
      "add", "--store", laptop, "https://two.example/", "--tag", "dev/tools",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    // The phone did not know the rename: its own new link follows it, the laptop's does not.
    #expect(
      try binary.run(["add", "--store", phone, "https://three.example/", "--tag", "dev"]).status
        == 0)
    let merged = try binary.run(["sync", "--store", phone])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(!merged.stderr.contains("settled:"), "\(merged.stderr)")
    // Later syncs from both sides, each with a change of its own.
    #expect(try binary.run(["add", "--store", laptop, "https://four.example/"]).status == 0)
    #expect(try binary.run(["add", "--store", phone, "https://five.example/"]).status == 0)
    for store in [laptop, phone, laptop] {
      let sync = try binary.run(["sync", "--store", store])
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    #expect(try tree(binary, laptop) == tree(binary, phone))
    for store in [laptop, phone] {
      let tools = try binary.run(["list", "--store", store, "--tag", "dev/tools"]).stdout
      #expect(tools.contains("two.example"), "\(store): \(tools)")
      let code = try binary.run(["list", "--store", store, "--tag", "code"]).stdout
      #expect(code.contains("one.example") && code.contains("three.example"), "\(code)")
      #expect(!code.contains("two.example"), "\(code)")
      let conflicts = try binary.run(["conflicts", "--store", store])
      #expect(!conflicts.stdout.contains("two.example"), "\(conflicts.stdout)")
    }
  }
}
