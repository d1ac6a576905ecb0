import Foundation
import HolderTestSupport
import Localization
import Testing

/// What holder-git refuses from elsewhere, under a Korean or Japanese locale: a remote's tree
/// with a symbolic link, its `.gitattributes` naming another merge driver, an ssh URL whose
/// host would be read as an option. The refusal, its reason and its remedy are in the reader's
/// language; the path, the commit and its subject stay as they are.
extension LanguageTests {
  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func refusalsOfWhatComesFromElsewhereSpeakTheLocalesLanguage(_ locale: String) throws {
    let setup = try HostileRemote()
    let (binary, victim, attacker) = (setup.binary, setup.victim, setup.attacker)
    let git = binary.git
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""]
    let refused = locale.hasPrefix("ko") ? "거절했어요" : "拒否しました"
    let head = try git.revParse("HEAD", in: victim)

    // A symbolic link where holder-git writes its tag views.
    try FileManager.default.createSymbolicLink(atPath: attacker + "/tags", withDestinationPath: "/")
    try git.runGit(["add", "tags"], in: attacker)
    try git.runGit(["commit", "-q", "-m", "views"], in: attacker)
    try git.runGit(["push", "-q", "origin", "main"], in: attacker)
    let link = try binary.run(["sync", "--store", victim], env: env)
    #expect(link.status != 0)
    #expect(link.stderr.contains("'tags'") && link.stderr.contains("views"), "\(link.stderr)")
    #expect(link.stderr.contains(refused), "\(link.stderr)")
    #expect(EnglishText.runs(in: link.stderr).isEmpty, "sync printed English:\n\(link.stderr)")

    // The same remote, the link taken back, and a line that would merge bookmarks by union.
    try git.runGit(["rm", "-q", "tags"], in: attacker)
    try Data("/bookmarks/** merge=union\n".utf8).write(
      to: URL(fileURLWithPath: attacker + "/.gitattributes"))
    try git.runGit(["add", ".gitattributes"], in: attacker)
    try git.runGit(["commit", "-q", "-m", "attributes"], in: attacker)
    try git.runGit(["push", "-q", "origin", "main"], in: attacker)
    let attributes = try binary.run(["sync", "--store", victim], env: env)
    #expect(attributes.status != 0)
    #expect(attributes.stderr.contains("merge=union"), "\(attributes.stderr)")
    #expect(
      EnglishText.runs(in: attributes.stderr).isEmpty,
      "sync printed English:\n\(attributes.stderr)")
    #expect(try git.revParse("HEAD", in: victim) == head)

    // An ssh host that starts with '-' would be an option to ssh: refused before ssh runs.
    try git.runGit(["remote", "set-url", "origin", "ssh://-oProxyCommand=x/s"], in: victim)
    let ssh = try binary.run(["sync", "--store", victim], env: env)
    #expect(ssh.status != 0)
    let said = ssh.stdout + ssh.stderr
    #expect(said.contains("'-oProxyCommand=x'"), "\(said)")
    #expect(EnglishText.runs(in: said).isEmpty, "sync printed English:\n\(said)")
    #expect(try git.revParse("HEAD", in: victim) == head)
  }
}
