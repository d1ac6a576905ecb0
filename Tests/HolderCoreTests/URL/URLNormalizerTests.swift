import HolderCore
import PropertyBased
import Testing

@Suite struct URLNormalizerTests {
  /// Pieces that URLs are made of, with the awkward ones over-represented.
  static let pieces: [String] = [
    "http", "https", "HTTPS", "ftp", "file", "mailto", "javascript", "data", "foo", ":", "//",
    "/", "/", "?", "#", "&", "=", "@", "[", "]", ".", "..", "./", "../", "%", "%41", "%2f",
    "%2E", "%e2%82%ac", "%zz", "%C3", "example", "EXAMPLE", "org", ".org", "www.", "xn--",
    "xn--3e0b707e", "서울", "한국", "münchen", "MÜNCHEN", "ß", "é", "e\u{301}", "ｅｘ", "．", "。",
    "\u{200B}", "\u{202E}", " ", "\t", "\n", "\\", "~", "+", "'", "\"", "<", ">", "{", "|", "^",
    "`", "utm_source", "fbclid", "_ga", "x", "1", "8080", ":443", ":80", ":0", "::1", "0x7f",
    "127.0.0.1", "010", "localhost", "user:pw@", "a=1", "😀", "%31", "%3A", "foo:", "a.b:", "İ",
    // NFD text, raw and escaped, and what composes with ASCII (`=` U+0338 is `≠`).
    "\u{1109}\u{1165}", "\u{11AF}", "e%CC%81", "%E1%84%89%E1%85%A5", "=\u{338}", "%FF",
    // Bare combining marks, which join the delimiter before them into one Character.
    "\u{658}", "\u{301}", "\u{20DD}", "%CC%81",
  ]

  static let urlish = Gen<String?>.element(of: pieces).array(of: 0...14)
    .map { $0.compactMap { $0 }.joined() }

  @Test func normalizingTwiceChangesNothing() async {
    await propertyCheck(count: 3000, input: Self.urlish) { text in
      guard let once = try? URLNormalizer.normalize(text) else { return }
      #expect((try? URLNormalizer.normalize(once)) == once, "input: \(text.debugDescription)")
    }
  }

  @Test func normalizingTwiceChangesNothingForURLsAfterAScheme() async {
    let prefixes = Gen<String?>.element(of: ["https://", "http://", "mailto:", "file://", "foo://"])
    await propertyCheck(count: 3000, input: prefixes, Self.urlish) { prefix, rest in
      let text = (prefix ?? "") + rest
      guard let once = try? URLNormalizer.normalize(text, allowingUnsafeSchemes: true) else {
        return
      }
      let twice = try? URLNormalizer.normalize(once, allowingUnsafeSchemes: true)
      #expect(twice == once, "input: \(text.debugDescription)")
      #expect(BookmarkPath.isBookmarkPath(BookmarkPath.relativePath(forNormalizedURL: once)))
    }
  }

  @Test func normalizingTwiceChangesNothingForAnyPrintableASCII() async {
    let text = Gen<Character>.character(in: " "..."~").string(of: 0...24)
    await propertyCheck(count: 3000, input: text) { rest in
      for prefix in ["", "https://", "https://example.org/", "mailto:", "file:"] {
        guard let once = try? URLNormalizer.normalize(prefix + rest) else { continue }
        #expect(
          (try? URLNormalizer.normalize(once)) == once, "input: \((prefix + rest).debugDescription)"
        )
      }
    }
  }

  @Test func theReadableFormLeadsBackToTheSameURL() async {
    await propertyCheck(count: 3000, input: Self.urlish) { text in
      guard let normalized = try? URLNormalizer.normalize("https://" + text) else { return }
      let readable = URLNormalizer.readable(normalized)
      #expect(
        (try? URLNormalizer.normalize(readable)) == normalized, "input: \(text.debugDescription)")
    }
  }

  @Test func storedURLsAreASCII() async {
    await propertyCheck(count: 2000, input: Self.urlish) { text in
      guard let normalized = try? URLNormalizer.normalize("https://example.org/" + text) else {
        return
      }
      #expect(normalized.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 })
    }
  }

  @Test func aScriptLinkIsRefusedWithAMessageSayingHowToKeepIt() {
    #expect(throws: URLInputError.unsafeScheme("javascript")) {
      try URLNormalizer.normalize("javascript:alert(1)")
    }
    let message = URLInputError.unsafeScheme("javascript").errorDescription
    #expect(
      message
        == "'javascript:' links run code when opened;"
        + " holder-git refuses such links unless you pass --allow-script"
    )
  }

  @Test func anAllowedBookmarkletIsKeptExactlyAsGiven() throws {
    let bookmarklet = "JavaScript:(function(){ var s = \"%20\"; alert(s); })();"
    let stored = try URLNormalizer.normalize(" \(bookmarklet)\n", allowingUnsafeSchemes: true)
    #expect(stored == "javascript:(function(){ var s = \"%20\"; alert(s); })();")
    #expect(URLNormalizer.readable(stored) == stored)
  }

  @Test func aSchemeHiddenByATabIsStillRefused() {
    #expect(throws: URLInputError.unsafeScheme("javascript")) {
      try URLNormalizer.normalize("java\tscript:alert(1)")
    }
  }

  @Test(arguments: [
    URLInputError.empty, .notAURL("hello world"), .unsafeScheme("data"),
    .invalidHost(host: "exa mple.org", url: "https://exa mple.org/"),
    .missingHost(url: "https://"), .invalidPort(port: "99999", url: "https://example.org:99999/"),
  ])
  func errorsReadLikeGitsAndSayWhatToDo(_ error: URLInputError) throws {
    let message = try #require(error.errorDescription)
    #expect(message.first?.isLowercase == true || message.first == "'")
    #expect(!message.hasSuffix("."))
    #expect(message.contains("; "))
  }

  @Test func errorsNameWhatWasTyped() throws {
    do {
      _ = try URLNormalizer.normalize("https://example.org:70000/x")
      Issue.record("a port above 65535 was accepted")
    } catch {
      #expect(
        error.errorDescription
          == "invalid port '70000' in 'https://example.org:70000/x';"
          + " a port is a number from 0 to 65535"
      )
    }
  }

  @Test func trackingParametersGoButTheOthersKeepTheirOrder() throws {
    let stored = try URLNormalizer.normalize(
      "https://shop.example/item?z=26&utm_source=mail&a=1&gclid=x&m=13#reviews")
    #expect(stored == "https://shop.example/item?z=26&a=1&m=13#reviews")
  }

  @Test func theReadableFormDecodesTextButNotDelimiters() {
    let stored = "https://xn--3e0b707e.kr/%EC%84%9C%EC%9A%B8%20%2F?q=%ED%95%9C#%E2%80%8B"
    #expect(URLNormalizer.readable(stored) == "https://한국.kr/서울%20%2F?q=한#%E2%80%8B")
  }

  @Test func theReadableFormKeepsBrokenEscapesAsTheyAre() {
    let stored = "https://example.org/%C3%28/%E2%82"
    #expect(URLNormalizer.readable(stored) == stored)
  }

  @Test func linksInALineOfTextAreShownReadable() {
    let line =
      "0f8c5a4e \"Busan\" url: kept https://ko.wikipedia.org/wiki/%EB%B6%80%EC%82%B0 (2026-05-01T00:02:00.000Z)"
      + " over 'https://xn--3e0b707e.kr/%EC%84%9C%EC%9A%B8'; 50%EB stays"
    #expect(
      URLNormalizer.readableLinks(in: line)
        == "0f8c5a4e \"Busan\" url: kept https://ko.wikipedia.org/wiki/부산 (2026-05-01T00:02:00.000Z)"
        + " over 'https://한국.kr/서울'; 50%EB stays")
    #expect(URLNormalizer.readableLinks(in: "no link :// here") == "no link :// here")
    #expect(
      URLNormalizer.readableLinks(in: "javascript:alert(%22x%22) https://a.org/%E2%80%AE")
        == "javascript:alert(%22x%22) https://a.org/%E2%80%AE")
  }
}
