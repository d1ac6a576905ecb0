import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct MergeDriverTests {
  @Test func aFileThatCannotBeReadIsAConflictAndOursIsLeftAsItWas() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("{ broken", to: "base")
    try scratch.write("{ \"ours\": ", to: "ours")
    try scratch.write("{}", to: "theirs")
    let outcome = MergeDriver.run(
      base: scratch.path("base"), ours: scratch.path("ours"), theirs: scratch.path("theirs"),
      path: "bookmarks/e/example.org/x.json")
    #expect(outcome.exitCode == 1)
    #expect(try String(contentsOfFile: scratch.path("ours"), encoding: .utf8) == "{ \"ours\": ")
  }

  @Test func storeSettingsMergeTheirTagOrderAndRenames() throws {
    let scratch = try ScratchDirectory()
    let start = Timestamp(millisecondsSince1970: 1_763_716_443_000)
    let base = StoreSettings(tagOrder: ["a", "b"], lastModified: start)
    var ours = base
    ours.tagOrder = ["b", "a"]
    ours.tagRenames = [StoreSettings.TagRename(from: "x", to: "y", at: start)]
    var theirs = base
    theirs.tagOrder = ["a", "b", "c"]
    try scratch.write(StoreSettingsCodec.encode(base), to: "base")
    try scratch.write(StoreSettingsCodec.encode(ours), to: "ours")
    try scratch.write(StoreSettingsCodec.encode(theirs), to: "theirs")
    let outcome = MergeDriver.run(
      base: scratch.path("base"), ours: scratch.path("ours"), theirs: scratch.path("theirs"),
      path: ".holder/store.json")
    #expect(outcome == .merged(resolutions: 0))
    let merged = try StoreSettingsCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("ours")))), file: "ours")
    #expect(Set(merged.tagOrder) == ["a", "b", "c"])
    #expect(merged.tagRenames.map(\.to) == ["y"])
  }
}
