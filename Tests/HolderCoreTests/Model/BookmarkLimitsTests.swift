import Foundation
import HolderCore
import Testing

@Suite struct BookmarkLimitsTests {
  func file(tags: Int, note: Int = 0) -> [UInt8] {
    let bookmark = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T",
      note: String(repeating: "x", count: note), tags: (0..<tags).map { "t\($0)" },
      created: Timestamp(millisecondsSince1970: 0),
      lastModified: Timestamp(millisecondsSince1970: 0))
    return BookmarkCodec.encode(bookmark)
  }

  @Test func aFileAtTheLimitsReadsAndOneOverIsRefusedNamingTheLimit() throws {
    #expect(throws: Never.self) { try BookmarkCodec.decode(file(tags: 1000), file: "a.json") }
    do {
      _ = try BookmarkCodec.decode(file(tags: 1001), file: "a.json")
      Issue.record("1,001 tags were read")
    } catch {
      #expect(error.message.contains("1,001 tags; a bookmark holds at most 1,000"))
      #expect(error.errorDescription?.contains("a.json") == true)
    }
    do {
      _ = try BookmarkCodec.decode(file(tags: 1, note: 1 << 20), file: "b.json")
      Issue.record("a file over 1 MiB was read")
    } catch {
      #expect(error.message.contains("at most 1,048,576 bytes"), "\(error.message)")
    }
    #expect(BookmarkLimits.problem(inFile: file(tags: 2000))?.contains("2,000 tags") == true)
    #expect(BookmarkLimits.problem(inFile: file(tags: 3)) == nil)
  }

  /// 2 million tags (the report's 50 MB file) are refused by size before any parsing.
  @Test func aFiftyMegabyteFileIsRefusedAtOnce() {
    let bytes = [UInt8](repeating: 0x20, count: 50 << 20)
    let started = Date()
    #expect(throws: CodecError.self) { try BookmarkCodec.decode(bytes, file: "big.json") }
    #expect(Date().timeIntervalSince(started) < 1)
  }
}
