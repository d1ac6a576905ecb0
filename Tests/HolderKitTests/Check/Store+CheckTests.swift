import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreCheckTests {
  @Test func aStoreInOrderHasNoFindings() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/a", tags: ["t", "u/v"])
    #expect(try fixture.store.check().findings.isEmpty)
  }

  @Test func committedDamageIsFoundAndRepairedInOneCommit() throws {
    // The damage is committed on purpose, until check repairs it.
    let fixture = try StoreFixture(checksInvariants: false)
    let a = try fixture.add("https://example.org/a", tags: ["t"])
    let b = try fixture.add("https://example.org/b", tags: ["t"])
    let c = try fixture.add("https://example.org/c")
    // Not canonical: the same bookmark with other spacing, committed by plain git.
    try fixture.write(
      try fixture.read(a.path).replacingOccurrences(of: "\": ", with: "\":  "), to: a.path)
    // A copy under another name: the same URL twice, and a path that does not match.
    let copy = "bookmarks/e/example.org/copy-aaaaaaaa.json"
    try fixture.write(try fixture.read(c.path), to: copy)
    // A hostile clone: a link committed under tags/.
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root + "/tags/evil.json", withDestinationPath: "/etc/passwd")
    try fixture.runGit("add", "-A")
    try fixture.runGit("add", "-f", "tags/evil.json")
    try fixture.runGit("commit", "-q", "-m", "Damage")

    let report = try fixture.store.check()
    let kinds = report.findings.map(\.kind)
    #expect(kinds.first == .tagViewLeavesStore)
    // The copy is one finding: the URL saved twice, which the fix merges into c's path.
    #expect(
      Set(kinds) == [.tagViewLeavesStore, .committedUnderTags, .duplicateURL, .notCanonical])
    #expect(report.findings.first { $0.kind == .duplicateURL }?.isFixable == true)

    let fixed = try fixture.store.checkAndFix()
    #expect(try fixture.subjects().first == "Repair the store")
    let changed = try fixture.changedPaths()
    // The copy was exact: joined into c's file, it leaves that file as it was.
    #expect(Set(changed) == [a.path, copy, "tags/evil.json"], "\(changed)")
    #expect(fixed.remaining.isEmpty)
    #expect(BookmarkCodec.isCanonical(try fixture.bytes(a.path)))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/evil.json"))
    #expect(try fixture.runGit("ls-files", "tags") == "")
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/" + b.path))
    let status = try fixture.status()
    #expect(status == "", "\(status)")
    try fixture.fsck()
  }

  @Test func twoMachinesRepairingOneLinkSavedTwiceWriteTheSameBookmark() throws {
    let fixture = try StoreFixture(checksInvariants: false)
    let saved = try fixture.add("https://example.org/c", tags: ["t"], note: "first")
    // A copy made by hand, edited, and committed with plain git, then pushed.
    let copy = "bookmarks/e/example.org/copy-aaaaaaaa.json"
    try fixture.write(
      try fixture.read(saved.path).replacingOccurrences(of: "first", with: "second"), to: copy)
    try fixture.runGit("add", "-A")
    try fixture.runGit("commit", "-q", "-m", "Copy by hand")
    try fixture.addBareRemote()
    let later = Timestamp(millisecondsSince1970: StoreFixture.start.millisecondsSince1970 + 9_000)
    let other = try fixture.cloneStore("other", start: later)

    _ = try fixture.store.checkAndFix()
    _ = try other.checkAndFix()
    let here = try fixture.bytes(saved.path)
    let there = Array(try Data(contentsOf: URL(fileURLWithPath: other.root + "/" + saved.path)))
    #expect(here == there, "each machine's clock made its own bookmark")
    let joined = try BookmarkCodec.decode(here, file: saved.path)
    #expect(joined.note == "first\n\nsecond")
    #expect(joined.id == saved.bookmark.id)
  }

  @Test func theFourHandDamagesAreReportedAndAllButTheBrokenFileRepaired() throws {
    let fixture = try StoreFixture()
    let broken = try fixture.add("https://example.org/a", tags: ["t"])
    let moved = try fixture.add("https://example.org/b", tags: ["t"])
    let unlinked = try fixture.add("https://example.org/c", tags: ["t"])
    let brokenText = try fixture.read(broken.path).replacingOccurrences(
      of: "\"favorite\": false,", with: "\"favorite\": false,,")
    try fixture.write(brokenText, to: broken.path)
    let wrongPath = "bookmarks/e/example.org/bee-aaaaaaaa.json"
    try FileManager.default.moveItem(
      atPath: fixture.root + "/" + moved.path, toPath: fixture.root + "/" + wrongPath)
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root + "/tags/t/passwd.json", withDestinationPath: "/etc/passwd")
    let missing = "tags/t/" + BookmarkPath.tagLinkName(forBookmarkPath: unlinked.path)
    try FileManager.default.removeItem(atPath: fixture.root + "/" + missing)

    let report = try fixture.store.check()
    let found = Dictionary(grouping: report.findings, by: \.kind).mapValues { $0.map(\.path) }
    #expect(report.findings.first?.kind == .tagViewLeavesStore)
    #expect(found[.tagViewLeavesStore] == ["tags/t/passwd.json"])
    #expect(found[.brokenFile] == [broken.path])
    #expect(found[.wrongPath] == [wrongPath])
    #expect(found[.tagViewMissing]?.contains(missing) == true)
    let brokenMessage = report.findings.first { $0.kind == .brokenFile }?.message ?? ""
    #expect(brokenMessage.contains("line 6, column 21"))

    let fixed = try fixture.store.checkAndFix()
    #expect(fixed.remaining.map(\.kind) == [.brokenFile])
    #expect(fixed.remaining.map(\.path) == [broken.path])
    #expect(try fixture.read(broken.path) == brokenText)
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/" + moved.path))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + wrongPath))
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/" + missing))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/t/passwd.json"))
    // The file moved back to the path it has in HEAD: nothing to commit.
    #expect(try fixture.subjects().first == "Add \"example.org/c\"")
    #expect(try fixture.status() == " M \(broken.path)\n")
    try fixture.fsck()
  }

  @Test func aTagsFolderThatIsALinkOutIsReportedFirstAndReplaced() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/a", tags: ["t"])
    try FileManager.default.removeItem(atPath: fixture.root + "/tags")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root + "/tags", withDestinationPath: "/etc")
    try fixture.runGit("add", "-f", "tags")
    try fixture.runGit("commit", "-q", "-m", "Hostile")
    let report = try fixture.store.check()
    #expect(
      report.findings.map(\.kind) == [.tagViewLeavesStore, .committedUnderTags, .tagViewMissing])
    let fixed = try fixture.store.checkAndFix()
    #expect(fixed.remaining.isEmpty)
    let link = "tags/t/" + BookmarkPath.tagLinkName(forBookmarkPath: located.path)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: fixture.root + "/" + link)
        == "../../" + located.path)
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }
}
