// The index file is written array by array, small ones gathered into one write: however the
// arrays are gathered, the file's bytes are the same, and it reads back.
import Foundation
import HolderTestSupport
import Testing

@testable import HolderKit

@Suite struct IndexFileWriteTests {
  @Test func gatheredOrWrittenOneByOneTheFileIsTheSame() throws {
    let fixture = try StoreFixture()
    for number in 0..<40 {
      try fixture.add(
        "https://example.org/\(number)", title: "Page \(number)", tags: ["t\(number % 4)"])
    }
    let image = fixture.store.bookmarkIndex().image
    var files: [[UInt8]] = []
    for threshold in [0, 1, 64, 1 << 30] {
      let path = fixture.root + "/.holder/local/written-\(threshold)"
      let file = try AtomicFile(path: path)
      #expect(try image.write(to: file, gatheringBelow: threshold))
      try file.commit(durable: false)
      files.append(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      let folder = try SafeDirectory(path: fixture.root + "/.holder/local")
      let loaded = try #require(
        BookmarkIndexImage.load(name: "written-\(threshold)", in: folder.descriptor))
      #expect(loaded.count == image.count)
      #expect((0..<image.count).allSatisfy { loaded.path($0) == image.path($0) })
    }
    #expect(files.allSatisfy { $0 == files[0] })
    #expect(files[0].count > 1000)
  }
}
