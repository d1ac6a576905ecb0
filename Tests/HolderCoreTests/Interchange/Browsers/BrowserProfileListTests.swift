import HolderCore
import Testing

@Suite struct BrowserProfileListTests {
  @Test func theInstallDefaultWinsOverTheOlderMark() {
    let list = FirefoxProfileList(
      text: """
        [Install4F96D1932A9F858E]
        Default=Profiles/abcd.default-release
        Locked=1

        [Profile1]
        Name=default
        IsRelative=1
        Path=Profiles/wxyz.default
        Default=1

        [Profile0]
        Name=default-release
        IsRelative=1
        Path=Profiles/abcd.default-release

        [General]
        StartWithLastProfile=1
        Version=2
        """)
    #expect(list.profiles.map(\.name) == ["default", "default-release"])
    #expect(list.defaultProfile?.path == "Profiles/abcd.default-release")
  }

  @Test func withoutAnInstallSectionTheMarkedProfileIsTheDefault() {
    let list = FirefoxProfileList(
      text: "[Profile0]\r\nName=일\r\nIsRelative=0\r\nPath=/data/일\r\n\r\n"
        + "[Profile1]\r\nName=二\r\nPath=b\r\nDefault=1\r\n")
    #expect(list.profiles.first?.isRelative == false)
    #expect(list.profiles.first?.path == "/data/일")
    #expect(list.defaultProfile?.name == "二")
  }

  @Test func severalProfilesAndNoMarkHaveNoDefaultButOneProfileIsIt() {
    let several = FirefoxProfileList(
      text: "[Profile0]\nName=a\nPath=a\n[Profile1]\nName=b\nPath=b\n")
    #expect(several.defaultProfile == nil)
    let one = FirefoxProfileList(text: "[Profile0]\nName=a\nPath=a\n")
    #expect(one.defaultProfile?.name == "a")
    #expect(FirefoxProfileList(text: "").profiles.isEmpty)
  }

  @Test func localStateNamesEachProfileFolder() {
    let names = ChromiumLocalState.profileNames(
      Array(
        """
        {"browser":{"x":1},"profile":{"info_cache":{"Default":{"name":"개인"},
        "Profile 1":{"name":"仕事","avatar_icon":"x"},"Profile 2":{}}}}
        """.utf8))
    #expect(names == ["Default": "개인", "Profile 1": "仕事"])
    #expect(ChromiumLocalState.profileNames(Array("not json".utf8)).isEmpty)
  }
}
