import Foundation
import HolderTestSupport
import Testing

/// `init` in a repository that already has a `.gitignore` and a `.gitattributes`: the user's
/// lines stay, holder-git's are added at the end, and `init` says so.
@Suite struct InitInExistingRepositoryTests {
  @Test func theUsersOwnIgnoreAndAttributesLinesAreKept() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let folder = git.path("notes")
    try git.runGit(["init", "-q", folder], in: git.root)
    let ignore = "node_modules/\n*.log\n!keep.log"  // no newline at the end, as editors leave it
    let attributes = "*.png binary\n*.md text eol=lf\n"
    try ignore.write(toFile: folder + "/.gitignore", atomically: true, encoding: .utf8)
    try attributes.write(toFile: folder + "/.gitattributes", atomically: true, encoding: .utf8)
    try git.runGit(["add", "-A"], in: folder)
    try git.runGit(["commit", "-q", "-m", "My own project"], in: folder)

    let made = try binary.run(["init", folder])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      made.stderr.contains("'.gitignore'") && made.stderr.contains("'.gitattributes'"),
      "\(made.stderr)")

    let committedIgnore = try git.runGit(["show", "HEAD:.gitignore"], in: folder)
    #expect(committedIgnore.hasPrefix(ignore + "\n"), "\(committedIgnore)")
    #expect(committedIgnore.contains("/tags/") && committedIgnore.contains("/.holder/local/"))
    let committedAttributes = try git.runGit(["show", "HEAD:.gitattributes"], in: folder)
    #expect(committedAttributes.hasPrefix(attributes), "\(committedAttributes)")
    #expect(committedAttributes.contains("/bookmarks/** -text merge=holder-git"))
    // What the user had is still in effect, and so is what holder-git needs.
    #expect(
      try git.runGit(["check-ignore", "node_modules/x"], in: folder).contains("node_modules"))
    #expect(try git.runGit(["check-ignore", "tags/x"], in: folder).contains("tags/x"))

    let added = try binary.run(["add", "--store", folder, "https://example.org/", "--no-fetch"])
    #expect(added.status == 0, "\(added.stderr)")
    let check = try binary.run(["check", "--store", folder])
    #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
  }

  /// A `.gitignore` that already has every line holder-git needs is left as it is, unsaid.
  @Test func aFileWithEveryLineAlreadyIsLeftAlone() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let folder = git.path("store")
    try git.runGit(["init", "-q", folder], in: git.root)
    let ignore = "/tags/\n/.holder/local/\n*.swp\n"
    try ignore.write(toFile: folder + "/.gitignore", atomically: true, encoding: .utf8)

    let made = try binary.run(["init", folder])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(!made.stderr.contains("'.gitignore'"), "\(made.stderr)")
    #expect(try git.runGit(["show", "HEAD:.gitignore"], in: folder) == ignore)
  }
}
