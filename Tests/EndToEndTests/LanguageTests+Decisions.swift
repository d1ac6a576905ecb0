import Foundation
import HolderTestSupport
import Testing

/// What a sync decided, what a site answered and why a tag is refused, under a Korean or
/// Japanese locale: in the reader's language, times as `show` writes them, with nothing left
/// in English but names, links and what another program said in quotes.
extension LanguageTests {
  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func decisionsAnswersAndRefusedTagsSpeakTheLocalesLanguage(_ locale: String) throws {
    let binary = try HolderBinary()
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""]
    let (laptop, phone) = (binary.git.path("laptop"), binary.git.path("phone"))
    let remote = try binary.git.initRepository("remote.git", bare: true)
    let url = "https://example.org/page"
    for args in [
      ["init", laptop], ["remote", "add", "--store", laptop, "origin", remote],
      ["add", "--store", laptop, url, "--no-fetch"], ["sync", "--store", laptop],
      ["clone", remote, phone],
      ["edit", "--store", laptop, url, "--title", "Laptop title"],
    ] {
      let result = try binary.run(args)
      #expect(result.status == 0, "\(args): \(result.stderr)")
    }
    let later = try binary.run(
      ["edit", "--store", phone, url, "--title", "Phone title"],
      env: ["HOLDER_GIT_NOW": "2099-01-01T00:00:00Z"])
    #expect(later.status == 0, "\(later.stderr)")
    #expect(try binary.run(["sync", "--store", phone]).status == 0)

    var printed: [(String, String)] = []
    let synced = try binary.run(["sync", "--store", laptop], env: env)
    printed.append(("sync", synced.stdout + synced.stderr))
    let conflicts = try binary.run(["conflicts", "--store", laptop], env: env)
    printed.append(("conflicts", conflicts.stdout + conflicts.stderr))
    #expect(conflicts.stdout.contains("\"Phone title\""), "\(conflicts.stdout)")
    let refused = try binary.run(["add", "--store", laptop, url + "2", "--tag", "../x"], env: env)
    #expect(refused.status != 0)
    printed.append(("add --tag ../x", refused.stderr))

    let server = try TestHTTPServer.fixtureSite()
    let missing = server.baseURL + "/status/404"
    let fetched = try binary.run(
      ["add", "--store", laptop, missing], env: env.merging(["HOLDER_GIT_OFFLINE": "0"]) { $1 })
    printed.append(("add of a 404", fetched.stdout + fetched.stderr))
    #expect(fetched.stderr.contains(locale.hasPrefix("ko") ? "찾을 수 없음" : "見つかりません"))

    for (command, output) in printed {
      #expect(EnglishText.runs(in: output).isEmpty, "\(command) printed English:\n\(output)")
      #expect(
        output.range(of: "[0-9]T[0-9]{2}:", options: .regularExpression) == nil,
        "\(command) printed a raw time:\n\(output)")
    }
  }
}
