import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreTagMoveTests {
  @Test func aMoveIsOneCommitOfStoreJSON() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["a", "b", "c"])
    let order = try fixture.store.moveTag("a", .after("c"))
    #expect(order == ["b", "c", "a"])
    #expect(fixture.store.settings.tagOrder == ["b", "c", "a"])
    #expect(try fixture.subjects().first == "Move tag a after c")
    #expect(try fixture.changedPaths() == [".holder/store.json"])
    #expect(try fixture.read(".holder/store.json").contains("\"tagOrder\": [\"b\", \"c\", \"a\"]"))
    #expect(try fixture.store.moveTag("b", .before("C")) == ["b", "c", "a"])
    #expect(try fixture.subjects().count == 3)
    #expect(try fixture.store.moveTag("c", .before("b")) == ["c", "b", "a"])
    #expect(try fixture.store.moveTag("C", .after("c")) == ["c", "b", "a"])
    #expect(try fixture.subjects().count == 4)
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func movingAnUnknownTagSaysSo() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["a"])
    #expect {
      try fixture.store.moveTag("zzz", .before("a"))
    } throws: { error in
      error.localizedDescription == StoreError.lookup(.tagNotFound("zzz")).localizedDescription
    }
  }
}
