// A read starts only what it needs: holder-git links no networking stack
// and no HTML parser (the helper holder-git-fetch has them), and a search opens neither those
// libraries nor the system's CA bundle.
import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// Debian's strace, to see which files a run opens.
private let straceBinary = ["/usr/bin/strace", "/bin/strace"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Libraries only the helper may load: the networking stack and libxml2.
private let helperOnlyLibraries = ["libcurl", "libxml2", "FoundationNetworking"]

@Suite struct LeanStartTests {
  @Test func theBinaryLinksNoNetworkingStackAndNoHTMLParser() throws {
    let linked = try runProcess(
      "/usr/bin/ldd", [HolderBinary.path], cwd: "/", env: [:], stdin: nil)
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(linked.stdout.contains("libgit2"))
    for library in helperOnlyLibraries {
      #expect(!linked.stdout.contains(library), "holder-git links \(library)")
    }
  }

  @Test(.enabled(if: straceBinary != nil, "needs strace: run scripts/setup --test"))
  func aSearchOpensNoNetworkingLibraryAndNoCABundle() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run(
      ["add", "https://example.org/diagrams", "--title", "Diagrams", "--no-fetch"], in: store)
    #expect(added.status == 0, "\(added.stderr)")
    // The first run brings the index up to date with the commit `add` made (libgit2 may
    // start there); the second is the warm read most searches are; the third follows a hand
    // edit, which the index reads again from the file.
    let file = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for round in 0..<3 {
      if round == 2 {
        let path = store + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Diagrams\"", with: "\"Diagrams by hand\"")
          .write(toFile: path, atomically: false, encoding: .utf8)
      }
      let trace = binary.git.path("trace")
      let run = try runProcess(
        try #require(straceBinary),
        ["-f", "-o", trace, "-e", "trace=open,openat", HolderBinary.path, "search", "diagram"],
        // The address sanitizer's leak checker cannot run under strace (both stop the process).
        cwd: store, env: binary.environment(["ASAN_OPTIONS": "detect_leaks=0"]), stdin: nil)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains(round == 2 ? "Diagrams by hand" : "Diagrams"))
      let opened = try String(contentsOfFile: trace, encoding: .utf8)
      for library in helperOnlyLibraries {
        #expect(!opened.contains(library), "a search opened \(library)")
      }
      guard round > 0 else { continue }
      // libgit2's set-up reads the CA bundle: a search on a current index never starts it.
      for bundle in ["/etc/ssl", "ca-certificates", "ca-bundle", "cert.pem"] {
        #expect(!opened.contains(bundle), "search \(round) opened the CA bundle (\(bundle))")
      }
    }
  }

  @Test func aMissingHelperIsOneClearErrorAndLosesNothing() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let nowhere = binary.git.path("empty-exec-path")
    try FileManager.default.createDirectory(atPath: nowhere, withIntermediateDirectories: true)
    let missing = ["HOLDER_GIT_EXEC_PATH": nowhere, "HOLDER_GIT_OFFLINE": "0"]
    let helper = nowhere + "/holder-git-fetch"

    // add saves the link and says why it has no metadata, as for any failed fetch.
    let added = try binary.run(["add", "http://127.0.0.1:9/page"], in: store, env: missing)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stderr.contains("helper program '\(helper)' is missing"), "\(added.stderr)")
    #expect(try binary.run(["list"], in: store).stdout.contains("127.0.0.1:9/page"))

    // refresh stops before fetching anything, with one line.
    let refreshed = try binary.run(["refresh", "--all"], in: store, env: missing)
    #expect(refreshed.status != 0)
    #expect(refreshed.stderr.contains("helper program '\(helper)' is missing"))

    // import of an HTML file says it cannot read it and changes nothing.
    let file = binary.git.path("bookmarks.html")
    try """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
    <DT><A HREF="https://example.org/a" ADD_DATE="1700000000">A</A>
    </DL><p>
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)
    let imported = try binary.run(["import", file], in: store, env: missing)
    #expect(imported.status != 0)
    #expect(
      imported.stderr.contains("cannot read 'bookmarks.html'")
        && imported.stderr.contains("helper program '\(helper)' is missing"), "\(imported.stderr)")
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)

    // With the helper back (next to holder-git), the same import works.
    let again = try binary.run(["import", file], in: store)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try binary.run(["list"], in: store).stdout.contains("example.org/a"))
  }
}
