import Foundation
import HolderTestSupport
import Testing

/// `holder-git --version` and what stamps it: the version from the VERSION file, the commit
/// the binary was built from, and a stamp that changes only when they do (so a build without
/// a new commit stays incremental) and never fails where there is no git.
@Suite struct VersionTests {
  private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  private static let stamp = packageRoot + "/scripts/version-stamp"

  private static var version: String {
    get throws {
      try String(contentsOfFile: packageRoot + "/VERSION", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  @Test func versionNamesTheReleaseAndACommitOfThisRepository() throws {
    let binary = try HolderBinary()
    let result = try binary.run(["--version"])
    #expect(result.status == 0, "\(result.stderr)")
    let line = result.stdout.trimmingCharacters(in: .newlines)
    let prefix = "holder-git \(try Self.version) ("
    #expect(line.hasPrefix(prefix) && line.hasSuffix(")"), "\(line)")
    let commit = String(line.dropFirst(prefix.count).dropLast())
    #expect(commit.count == 7 && commit.allSatisfy(\.isHexDigit), "\(line)")
    // A commit of this repository (an earlier one when the binary predates the last commit).
    try binary.git.runGit(["cat-file", "-e", commit + "^{commit}"], in: Self.packageRoot)
  }

  @Test func theChangeLogHasAnEntryForTheVersion() throws {
    let changelog = try String(
      contentsOfFile: Self.packageRoot + "/CHANGELOG.md", encoding: .utf8)
    #expect(changelog.contains("\n## \(try Self.version) - "), "CHANGELOG.md lacks the version")
  }

  /// Runs the stamp for the tree at `root`, writing `output`.
  private func stamp(_ root: String, _ output: String, _ git: GitFixture) throws -> String {
    let environment = git.environmentWithoutGit()
    let result = try runProcess(
      "/bin/sh", [Self.stamp, root, output], cwd: root, env: environment, stdin: nil)
    #expect(result.status == 0, "\(result.stderr)")
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  private func modified(_ path: String) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
  }

  @Test func aTreeWithoutGitBuildsAsAnUnknownCommit() throws {
    let git = try GitFixture()
    let tarball = git.path("holder-git-0.1.0")
    try FileManager.default.createDirectory(atPath: tarball, withIntermediateDirectories: true)
    try Data("9.8.7\n".utf8).write(to: URL(fileURLWithPath: tarball + "/VERSION"))
    let text = try stamp(tarball, git.path("out/BuildVersion.swift"), git)
    #expect(text.contains("static let line = \"holder-git 9.8.7 (unknown commit)\""), "\(text)")
  }

  @Test func theStampChangesWithTheCommitAndOnlyThen() throws {
    let git = try GitFixture()
    let repository = try git.initRepository()
    let first = try git.commitFiles(["VERSION": "1.2.3\n"], message: "one", in: repository)
    let output = git.path("out/BuildVersion.swift")
    let once = try stamp(repository, output, git)
    #expect(once.contains("holder-git 1.2.3 (\(first.prefix(7)))"), "\(once)")
    // Backdated, so a rewrite would show even within the file system's clock resolution.
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output)
    for _ in 0..<3 { _ = try stamp(repository, output, git) }
    #expect(try modified(output) == past, "the same commit rewrote the file")

    let second = try git.commitFiles(["notes": "x"], message: "two", in: repository)
    let twice = try stamp(repository, output, git)
    #expect(twice.contains("holder-git 1.2.3 (\(second.prefix(7)))"), "\(twice)")
    #expect(try modified(output) != past)
  }
}

extension GitFixture {
  /// This process's environment without git's variables (an outer git's GIT_DIR would point
  /// the stamp at another repository), with the fixture's HOME.
  fileprivate func environmentWithoutGit() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("GIT_") && $0.key != "HOLDER_GIT_COMMIT"
    }
    environment["HOME"] = root
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    return environment
  }
}
