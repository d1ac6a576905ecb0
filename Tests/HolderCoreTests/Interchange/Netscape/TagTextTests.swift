import HolderCore
import Testing

/// A `TAGS` attribute is split at the `,` and `/` scalars, also where one comes before a
/// combining mark (which makes the two one `Character` in Swift).
@Suite struct TagTextTests {
  @Test func aCommaBeforeACombiningMarkStillSeparatesTags() {
    #expect(TagText.commaSeparated("café,\u{301}x,y") == ["café", "\u{301}x", "y"])
  }

  @Test func aSlashBeforeACombiningMarkStillNests() {
    #expect(TagText.tag("dev/\u{301}x") == "dev/\u{301}x")
    #expect(TagText.tag("a/\u{308}/b")?.slashSeparated() == ["a", "\u{308}", "b"])
  }

  @Test func aLinkWithSuchTagsIsImportedWithThem() {
    var item = NetscapeItem(href: "https://example.org/", title: "x")
    item.attributes["tags"] = "dev/\u{301}x,\u{301}y"
    let tags = item.entry(options: FolderOptions()).tags
    #expect(Set(tags) == ["dev/\u{301}x", "\u{301}y"])
  }
}
