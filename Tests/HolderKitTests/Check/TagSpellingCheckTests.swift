import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// Tags written by hand with spaces around them, or twice in two cases, are reported by
/// `check` with what it will do, and `check --fix` makes them tags the commands can manage.
@Suite struct TagSpellingCheckTests {
  @Test func spacedAndCaseVariantTagsAreReportedAndFixed() throws {
    // The hand edit is committed on purpose, until check repairs it.
    let fixture = try StoreFixture(checksInvariants: false)
    let saved = try fixture.add("https://example.org/a", tags: ["keep"])
    try fixture.write(
      try fixture.read(saved.path).replacingOccurrences(
        of: "[\"keep\"]", with: "[\" spaced \", \"handmade\", \"Handmade\", \"keep\"]"),
      to: saved.path)
    try fixture.runGit("commit", "-q", "-am", "Hand edit")

    let report = try fixture.store.check()
    let text = report.findings.map(\.message).joined(separator: "\n")
    #expect(text.contains("' spaced '"), "\(text)")
    #expect(text.contains("'spaced'"), "\(text)")
    #expect(text.contains("'Handmade'") && text.contains("'handmade'"), "\(text)")

    _ = try fixture.store.checkAndFix()
    #expect(try fixture.store.bookmark(atPath: saved.path).tags == ["Handmade", "keep", "spaced"])
    #expect(try fixture.read(saved.path).contains("[\"Handmade\", \"keep\", \"spaced\"]"))
    #expect(try fixture.store.check().findings.isEmpty)
    // Now a tag the commands manage.
    let deleted = try fixture.store.deleteTag("spaced")
    #expect(!deleted.changed.isEmpty)
    #expect(try fixture.store.bookmark(atPath: saved.path).tags == ["Handmade", "keep"])
  }
}

@Suite struct TagViewTooLongCheckTests {
  /// A tag written by hand whose segment is too long for a folder: its view can never be
  /// made, and `check --fix` says so instead of leaving it "missing" without a reason.
  @Test func checkFixSaysWhyATagViewCannotBeMade() throws {
    let fixture = try StoreFixture(checksInvariants: false)
    let saved = try fixture.add("https://example.org/a", tags: ["keep"])
    let long = String(repeating: "x", count: 300)
    try fixture.write(
      try fixture.read(saved.path).replacingOccurrences(
        of: "[\"keep\"]", with: "[\"keep\", \"\(long)\"]"),
      to: saved.path)
    try fixture.runGit("commit", "-q", "-am", "Hand edit")

    let report = try fixture.store.checkAndFix()
    let left = report.remaining.filter { $0.path.contains(long) }
    #expect(left.count == 1)
    #expect(left.first?.isFixable == false)
    #expect(left.first?.message.contains("255") == true, "\(left.first?.message ?? "")")
    #expect(left.first?.message.contains("tag rename") == true)
  }
}
