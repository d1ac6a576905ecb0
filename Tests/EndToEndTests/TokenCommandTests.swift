import Foundation
import HolderTestSupport
import Testing

/// `holder-git token`: a secret shown once, kept only as a hash outside every store, listed by
/// name, withdrawn by name.
@Suite struct TokenCommandTests {
  private func tokensFile(_ binary: HolderBinary) -> String {
    binary.git.path(".config/holder-git/tokens")
  }

  @Test func aTokenIsShownOnceAndKeptOnlyAsAHashOutsideTheStore() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    let made = try binary.run(["token", "add", "phone"], in: store)
    #expect(made.status == 0, "\(made.stderr)")
    let secret = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(secret.count == 40 && secret.allSatisfy(\.isHexDigit))
    #expect(made.stderr.contains("not shown again"))
    let file = try String(contentsOfFile: tokensFile(binary), encoding: .utf8)
    #expect(file.contains("phone\t"))
    #expect(!file.contains(secret))
    let mode =
      try FileManager.default.attributesOfItem(atPath: tokensFile(binary))[
        .posixPermissions] as? Int
    #expect(mode == 0o600)
    // Nothing of it in the store: not in the work tree, not in git's folder, not committed.
    let grep = Process()
    grep.executableURL = URL(fileURLWithPath: "/usr/bin/grep")
    grep.arguments = ["-r", "-l", secret, store]
    grep.standardOutput = FileHandle.nullDevice
    try grep.run()
    grep.waitUntilExit()
    #expect(grep.terminationStatus == 1)
    // A second token gets a different secret.
    let other = try binary.run(["token", "add", "firefox"])
    #expect(other.status == 0)
    #expect(other.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != secret)
  }

  @Test func listShowsNamesAndRevokeWithdrawsByName() throws {
    let binary = try HolderBinary()
    let none = try binary.run(["token", "list"])
    #expect(none.status == 0)
    #expect(none.stdout.isEmpty)
    #expect(none.stderr.contains("token add"))
    #expect(try binary.run(["token", "add", "폰"]).status == 0)
    #expect(try binary.run(["token", "add", "laptop"]).status == 0)
    let listed = try binary.run(["token", "list"])
    #expect(
      listed.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["폰", "laptop"])
    let json = try binary.run(["token", "list", "--json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(parsed?.compactMap { $0["name"] as? String } == ["폰", "laptop"])
    #expect(parsed?.allSatisfy { $0["created"] is String } == true)
    let revoked = try binary.run(["token", "revoke", "폰"])
    #expect(revoked.status == 0, "\(revoked.stderr)")
    #expect(try binary.run(["token", "list"]).stdout.split(separator: "\n").count == 1)
  }

  @Test func badNamesAndUnknownTokensSayWhatToDo() throws {
    let binary = try HolderBinary()
    #expect(try binary.run(["token", "add", "phone"]).status == 0)
    let taken = try binary.run(["token", "add", "phone"])
    #expect(taken.status != 0)
    #expect(taken.stderr.contains("'holder-git token revoke phone'"))
    for bad in ["two words", "tab\there", String(repeating: "x", count: 65)] {
      let refused = try binary.run(["token", "add", bad])
      #expect(refused.status != 0, "\(bad)")
      #expect(refused.stderr.contains("cannot name a token"), "\(bad)")
    }
    let unknown = try binary.run(["token", "revoke", "tablet"])
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("the tokens are: phone"))
    // The file holds only the one good token after all that.
    let file = try String(contentsOfFile: tokensFile(binary), encoding: .utf8)
    #expect(file.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1)
  }
}
