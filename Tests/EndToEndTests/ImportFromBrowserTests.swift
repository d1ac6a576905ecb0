import Foundation
import HolderTestSupport
import Testing

/// `holder-git import --from BROWSER`, with HOME a temporary folder holding the profile.
@Suite struct ImportFromBrowserTests {
  @Test func firefoxsDefaultProfileIsImportedWithItsLogAndLeftUntouched() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    // HolderBinary's HOME is the fixture's root.
    let firefox = binary.git.path(".mozilla/firefox")
    try FileManager.default.createDirectory(atPath: firefox, withIntermediateDirectories: true)
    try """
    [Install4F96D1932A9F858E]
    Default=Profiles/abcd.default-release
    Locked=1

    [Profile0]
    Name=default-release
    IsRelative=1
    Path=Profiles/abcd.default-release

    [Profile1]
    Name=other
    IsRelative=1
    Path=Profiles/other

    """.write(toFile: firefox + "/profiles.ini", atomically: true, encoding: .utf8)
    let profile = firefox + "/Profiles/abcd.default-release"
    try PlacesFixture.writeWithRecentInLog(
      at: binary.git.path("live/places.sqlite"), copy: profile + "/places.sqlite")
    let before = try FileManager.default.contentsOfDirectory(atPath: profile).sorted()

    let first = try binary.run(["import", "--store", store, "--from", "firefox"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("5 added"), "\(first.stderr)")
    #expect(first.stderr.contains("1 browser-internal"), "\(first.stderr)")
    let list = try binary.run(["list", "--store", store, "--json"]).stdout
    for title in ["Swift 언어", "東京", "모질라", "최근 북마크"] {
      #expect(list.contains(title), "\(title)")
    }
    let log = try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
    #expect(log.contains("Firefox (default-release)"), "\(log)")
    // Read from a copy: nothing is written beside the browser's files.
    #expect(try FileManager.default.contentsOfDirectory(atPath: profile).sorted() == before)

    let again = try binary.run(["import", "--store", store, "--from", "firefox"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 added, 0 merged, 5 unchanged"), "\(again.stderr)")
    #expect(try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store).hasPrefix("2"))

    let missing = try binary.run([
      "import", "--store", store, "--from", "firefox", "--profile", "other",
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("'other' has no bookmarks file"), "\(missing.stderr)")
  }

  @Test func aPlacesFileGivenByPathIsReadWithTheLogBesideIt() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let copy = binary.git.path("backup/places.sqlite")
    try PlacesFixture.writeWithRecentInLog(at: binary.git.path("live/places.sqlite"), copy: copy)
    let result = try binary.run(["import", "--store", store, copy])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Imported firefox-places file: 5 added"), "\(result.stderr)")
  }

  @Test func aFileAndFromTogetherOrNeitherAreRefused() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let both = try binary.run(["import", "--store", store, "x.html", "--from", "chrome"])
    #expect(both.status == 64, "\(both.stderr)")
    #expect(both.stderr.contains("not both"), "\(both.stderr)")
    let neither = try binary.run(["import", "--store", store])
    #expect(neither.status == 64, "\(neither.stderr)")
    #expect(neither.stderr.contains("--from BROWSER"), "\(neither.stderr)")
    let profileAlone = try binary.run(["import", "--store", store, "x.html", "--profile", "a"])
    #expect(profileAlone.stderr.contains("use it with --from"), "\(profileAlone.stderr)")
    let noBrowser = try binary.run(["import", "--store", store, "--from", "vivaldi"])
    #expect(noBrowser.status == 1)
    #expect(noBrowser.stderr.contains("no Vivaldi profile found"), "\(noBrowser.stderr)")
    #expect(noBrowser.stderr.contains("~/.config/vivaldi"), "\(noBrowser.stderr)")
  }
}
