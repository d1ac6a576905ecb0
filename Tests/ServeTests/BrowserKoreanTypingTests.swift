// The web app's search as a Korean typist types it in a real headless Chromium: the keys of a
// 2-beolsik keyboard go through Chromium's input-method path (a composition the page sees
// change, then committed), and at each key the list finds the title being typed.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserKoreanTypingTests {
  @Test func everyKeyOfAKoreanTitleTypedInTheSearchBoxFindsIt() async throws {
    let app = try ServedApp(adds: [
      ["https://example.kr/travel", "--title", "한국 여행 안내"],
      ["https://example.kr/seoul", "--title", "서울 맛집"],
      ["https://example.org/swift", "--title", "Swift"],
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      for title in ["서울 맛집", "한국 여행"] {
        let box = try await browser.find("#q")
        try await box.clear()
        try await box.click()
        var committed = ""
        for state in TwoSetKeyboard.states(TwoSetKeyboard.keys(title)) {
          if state.committed != committed {
            // Committing replaces the composition with the text it became.
            try await browser.cdp(
              "Input.insertText",
              ["text": .string(String(state.committed.dropFirst(committed.count)))])
            committed = state.committed
          }
          if !state.composing.isEmpty {
            try await browser.cdp(
              "Input.imeSetComposition",
              [
                "text": .string(state.composing),
                "selectionStart": .number(Double(state.composing.count)),
                "selectionEnd": .number(Double(state.composing.count)),
              ])
          }
          let screen = state.committed + state.composing
          #expect(try await box.property("value").string == screen)
          let shown = screen.trimmingCharacters(in: .whitespaces)
          // The summary and the cards are read at once: the list is replaced as a whole.
          var titles: [String] = []
          try await browser.wait("the list for ‘\(shown)’") {
            let list = try await browser.execute(
              """
              const summary = document.querySelector("[data-test=summary]");
              if (!summary || !summary.textContent.endsWith(arguments[0])) return null;
              return Array.from(document.querySelectorAll("[data-test=card-title]"),
                card => card.textContent);
              """, [.string("‘\(shown)’")])
            titles = list.array?.compactMap(\.string) ?? []
            return list.array != nil
          }
          #expect(titles.contains { $0.hasPrefix(title) }, "‘\(screen)’ found \(titles)")
        }
        // The last syllable is committed, as the input method does when typing stops.
        if let last = TwoSetKeyboard.states(TwoSetKeyboard.keys(title)).last {
          try await browser.cdp("Input.insertText", ["text": .string(last.composing)])
        }
      }
    }
  }
}
