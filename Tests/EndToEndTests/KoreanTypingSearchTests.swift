import Foundation
import HolderTestSupport
import Testing

/// `holder-git search` given each screen a 2-beolsik keyboard shows while a Korean title is
/// typed: the title is found at every one, through the binary and its index.
@Suite struct KoreanTypingSearchTests {
  @Test func everyScreenOnTheWayToATitleFindsItAndNoLookalike() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    for (url, title) in [
      ("https://example.kr/travel", "한국 여행 안내"),
      ("https://example.kr/seoul", "서울 맛집"),
      ("https://example.kr/novel", "서유기"),
      ("https://example.kr/school", "학교 소식"),
    ] {
      let added = try binary.run(["add", url, "--title", title, "--no-fetch"], in: store)
      #expect(added.status == 0, "\(added.stderr)")
    }
    func titles(_ query: String) throws -> [String] {
      let result = try binary.run(["search", query, "--json"], in: store)
      #expect(result.status == 0, "\(result.stderr)")
      let found = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      return (found as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }
    for title in ["한국 여행", "서울 맛집"] {
      for screen in TwoSetKeyboard.screens(TwoSetKeyboard.keys(title)) {
        #expect(
          try titles(screen).contains { $0.hasPrefix(title) },
          "'\(screen)' on the way to '\(title)'")
      }
    }
    #expect(try titles("한ㄱ") == ["한국 여행 안내"])
    #expect(try titles("서우") == ["서울 맛집"])
    // 성 is on the way to both: its ㅇ may begin 울 or 유.
    #expect(try Set(titles("성")) == ["서울 맛집", "서유기"])
    #expect(try titles("ㅎㄱㅇㅎ") == ["한국 여행 안내"])
    #expect(try titles("ㅎㄱ ㅇㅎ") == ["한국 여행 안내"])
  }
}
