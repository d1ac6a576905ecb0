import HolderCore
import PropertyBased
import Testing

@Suite struct NearDuplicateTests {
  @Test(arguments: [
    (
      "https://example.org/swift", "https://example.org/swift/",
      [NearDuplicate.Difference.trailingSlash]
    ),
    ("https://example.org/swift", "http://www.example.org/swift", [.scheme, .www]),
    ("https://example.org/swift", "https://example.org/swift#install", [.fragment]),
    (
      "https://example.org/a?q=1", "http://example.org/a/?q=1#top",
      [.scheme, .trailingSlash, .fragment]
    ),
  ])
  func nearDuplicatesShareAKeyAndSayHowTheyDiffer(
    _ url: String, _ other: String, _ expected: [NearDuplicate.Difference]
  ) {
    #expect(NearDuplicate.key(of: url) == NearDuplicate.key(of: other))
    #expect(NearDuplicate.differences(other, from: url) == expected)
  }

  @Test(arguments: [
    ("https://example.org/swift", "https://example.org/Swift"),
    ("https://example.org/a?q=1", "https://example.org/a?q=2"),
    ("https://example.org/a", "https://example.net/a"),
    ("https://example.org/a", "https://example.org:8443/a"),
    ("https://example.org/", "https://example.org/a"),
    ("ftp://example.org/a", "https://example.org/a"),
  ])
  func otherPagesHaveOtherKeys(_ url: String, _ other: String) {
    #expect(NearDuplicate.key(of: url) != NearDuplicate.key(of: other))
  }

  @Test func groupsKeepTheGivenOrderAndLeaveSinglesOut() {
    let urls = [
      "https://a.example/x", "https://b.example/", "http://a.example/x/", "https://a.example/x#y",
    ]
    #expect(NearDuplicate.groups(urls) == [[0, 2, 3]])
    #expect(
      NearDuplicate.differences(among: [urls[0], urls[2], urls[3]]) == [
        .scheme, .trailingSlash, .fragment,
      ])
  }

  /// Law: each variation a near-duplicate may have keeps the key and is named by
  /// `differences`, whatever the page.
  @Test func everyVariationKeepsTheKeyAndIsNamed() async {
    let words = Gen<String?>.element(of: ["a", "swift", "서울", "x.html", "", "q=1", "b/c"])
      .array(of: 1...4).map { $0.compactMap { $0 }.joined(separator: "/") }
    let flags = Gen.bool.array(of: 4...4)
    await propertyCheck(count: 500, input: words, flags) { path, flags in
      guard let base = try? URLNormalizer.normalize("https://example.org/" + path) else { return }
      var variant = base
      var expected: [NearDuplicate.Difference] = []
      if flags[0] {
        variant = "http" + variant.dropFirst(5)
        expected.append(.scheme)
      }
      if flags[1] {
        variant = variant.replacingOccurrences(of: "://", with: "://www.")
        expected.append(.www)
      }
      if flags[2], !base.hasSuffix(".org/") {
        variant += base.hasSuffix("/") ? "" : "/"
        if !base.hasSuffix("/") { expected.append(.trailingSlash) }
      }
      if flags[3] {
        variant += "#part"
        expected.append(.fragment)
      }
      #expect(NearDuplicate.key(of: variant) == NearDuplicate.key(of: base))
      #expect(NearDuplicate.differences(variant, from: base) == expected, "\(variant) \(base)")
    }
  }
}
