import Foundation
import HolderTestSupport
import Testing

/// `import --verbose` under a Korean or Japanese locale: each entry's outcome is a word, not a
/// count of something.
@Suite struct ImportReportLanguageTests {
  @Test(arguments: [("ko_KR.UTF-8", "건너뜀", "개"), ("ja_JP.UTF-8", "スキップ", "件")])
  func eachEntrysOutcomeIsAWordBeforeItsURL(_ locale: String, _ skipped: String, _ counter: String)
    throws
  {
    let binary = try HolderBinary()
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": "", "HOLDER_GIT_OFFLINE": "1"]
    let store = binary.git.path("s")
    _ = try binary.run(["init", store], env: env)
    let file = binary.git.path("small.html")
    try """
    <DL><DT><A HREF="https://a.example/">A</A>
    <DT><A HREF="place:sort=8">P</A></DL>

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try binary.run(["import", "--store", store, "--verbose", file], env: env)
    // The report is a message: standard error, as the other commands' reports.
    let report = result.stdout + result.stderr
    #expect(result.status == 0, "\(report)")
    #expect(report.contains("2: \(skipped) place:sort=8"), "\(report)")
    #expect(!report.contains(skipped + counter), "\(report)")
  }
}
