import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct BrowserProfilesTests {
  /// A home folder with `files` (path → contents) in it.
  func home(_ files: [String: String]) throws -> ScratchDirectory {
    let home = try ScratchDirectory()
    for (path, text) in files { try home.write(text, to: path) }
    return home
  }

  static let twoProfiles = """
    [Profile0]
    Name=default-release
    IsRelative=1
    Path=Profiles/abcd.default-release

    [Profile1]
    Name=작업
    IsRelative=1
    Path=Profiles/wxyz.work

    [Install4F96D1932A9F858E]
    Default=Profiles/abcd.default-release

    """

  @Test func firefoxsInstallDefaultProfileIsFoundWithItsLog() throws {
    let home = try home([
      ".mozilla/firefox/profiles.ini": Self.twoProfiles,
      ".mozilla/firefox/Profiles/abcd.default-release/places.sqlite": "x",
      ".mozilla/firefox/Profiles/abcd.default-release/places.sqlite-wal": "x",
      ".mozilla/firefox/Profiles/wxyz.work/places.sqlite": "x",
    ])
    let found = try BrowserProfiles(home: home.path).bookmarks(of: .firefox)
    #expect(found.profile == "default-release")
    #expect(found.path == home.path(".mozilla/firefox/Profiles/abcd.default-release/places.sqlite"))
    #expect(found.writeAheadLog == found.path + "-wal")
    #expect(found.format == .firefoxPlaces)
  }

  @Test func profileChoosesByNameOrFolder() throws {
    let home = try home([
      ".mozilla/firefox/profiles.ini": Self.twoProfiles,
      ".mozilla/firefox/Profiles/wxyz.work/places.sqlite": "x",
    ])
    let profiles = BrowserProfiles(home: home.path)
    let byName = try profiles.bookmarks(of: .firefox, profile: "작업")
    #expect(byName.path == home.path(".mozilla/firefox/Profiles/wxyz.work/places.sqlite"))
    #expect(byName.writeAheadLog == nil)
    #expect(try profiles.bookmarks(of: .firefox, profile: "wxyz.work") == byName)
    #expect(
      throws: BrowserProfileError.noSuchProfile(
        .firefox, name: "nope", profiles: ["default-release", "작업"])
    ) {
      try profiles.bookmarks(of: .firefox, profile: "nope")
    }
    // The default profile has no places.sqlite: the error names where it looked.
    let error = #expect(throws: BrowserProfileError.self) {
      try profiles.bookmarks(of: .firefox)
    }
    #expect(error?.message.contains("abcd.default-release/places.sqlite") == true)
    #expect(error?.message.contains("--profile") == true)
  }

  @Test func snapAndFlatpakFirefoxAreFoundToo() throws {
    for folder in [
      "snap/firefox/common/.mozilla/firefox", ".var/app/org.mozilla.firefox/.mozilla/firefox",
    ] {
      let home = try home([
        "\(folder)/profiles.ini": "[Profile0]\nName=p\nIsRelative=1\nPath=p.default\n",
        "\(folder)/p.default/places.sqlite": "x",
      ])
      let found = try BrowserProfiles(home: home.path).bookmarks(of: .firefox)
      #expect(found.path == home.path("\(folder)/p.default/places.sqlite"))
    }
  }

  @Test func severalProfilesWithoutADefaultAskForOne() throws {
    let home = try home([
      ".mozilla/firefox/profiles.ini": "[Profile0]\nName=a\nPath=a\n[Profile1]\nName=b\nPath=b\n"
    ])
    let error = #expect(throws: BrowserProfileError.self) {
      try BrowserProfiles(home: home.path).bookmarks(of: .firefox)
    }
    #expect(error == .severalProfiles(.firefox, profiles: ["a", "b"]))
    #expect(error?.message.contains("choose one with --profile NAME") == true)
  }

  @Test func noBrowserSaysWhereItLookedAndWhatToDo() throws {
    let home = try home([:])
    for browser in SourceBrowser.allCases {
      let error = #expect(throws: BrowserProfileError.self) {
        try BrowserProfiles(home: home.path).bookmarks(of: browser)
      }
      guard case .noBrowser(let found, let folders)? = error else {
        Issue.record("\(String(describing: error))")
        continue
      }
      #expect(found == browser)
      #expect(folders.allSatisfy { $0.hasPrefix("~/") })
      #expect(error?.message.contains("holder-git import FILE") == true)
    }
  }

  @Test func eachChromiumBrowsersDefaultBookmarksFileIsFound() throws {
    let folders: [SourceBrowser: String] = [
      .chrome: ".config/google-chrome", .chromium: ".config/chromium",
      .edge: ".config/microsoft-edge", .brave: ".config/BraveSoftware/Brave-Browser",
      .vivaldi: ".config/vivaldi",
    ]
    for (browser, folder) in folders {
      let home = try home([
        "\(folder)/Default/Bookmarks": "{}", "\(folder)/Profile 1/Bookmarks": "{}",
        "\(folder)/Local State": #"{"profile":{"info_cache":{"Default":{"name":"Person 1"}}}}"#,
      ])
      let found = try BrowserProfiles(home: home.path).bookmarks(of: browser)
      #expect(found.path == home.path("\(folder)/Default/Bookmarks"), "\(browser)")
      #expect(found.profile == "Person 1")
      #expect(found.writeAheadLog == nil)
    }
  }

  @Test func aChromiumProfileIsChosenByFolderOrDisplayName() throws {
    let home = try home([
      ".config/google-chrome/Profile 1/Bookmarks": "{}",
      ".config/google-chrome/Profile 2/Bookmarks": "{}",
      ".config/google-chrome/Profile 3/Preferences": "{}",
      ".config/google-chrome/Local State":
        #"{"profile":{"info_cache":{"Profile 1":{"name":"개인"},"Profile 2":{"name":"仕事"}}}}"#,
    ])
    let profiles = BrowserProfiles(home: home.path)
    #expect(
      try profiles.bookmarks(of: .chrome, profile: "仕事").path
        == home.path(".config/google-chrome/Profile 2/Bookmarks"))
    #expect(
      try profiles.bookmarks(of: .chrome, profile: "Profile 1").path
        == home.path(".config/google-chrome/Profile 1/Bookmarks"))
    // No Default and two profiles with bookmarks (Profile 3 has none): which one is asked.
    let error = #expect(throws: BrowserProfileError.self) {
      try profiles.bookmarks(of: .chrome)
    }
    #expect(error == .severalProfiles(.chrome, profiles: ["개인 (Profile 1)", "仕事 (Profile 2)"]))
  }
}
