// The index keeps paths in byte order (UTF-8, as git sorts them); the fast comparison that
// sorts the paths to read must agree with it, or a rebuilt index would misplace files.
import PropertyBased
import Testing

@testable import HolderKit

@Suite struct PathOrderTests {
  static let piece = Gen<String?>.element(of: ["a", "b", "/", "-", ".", "é", "서", "e\u{301}", ""])
    .map { $0 ?? "" }.array(of: 0...6).map { $0.joined() }

  @Test func theFastOrderIsTheOrderOfTheBytes() async {
    await propertyCheck(count: 500, input: zip(Self.piece, Self.piece)) { left, right in
      #expect(
        BookmarkIndexStore.inByteOrder(left, right)
          == left.utf8.lexicographicallyPrecedes(right.utf8),
        "\(left.debugDescription) \(right.debugDescription)")
    }
  }

  @Test func aFolderSortsAfterANameThatSharesItsStart() {
    // "a-c" (0x2D) comes before "a/b" (0x2F): sorting by component would say otherwise.
    #expect(BookmarkIndexStore.inByteOrder("bookmarks/a-c/x.json", "bookmarks/a/b.json"))
    #expect(!BookmarkIndexStore.inByteOrder("bookmarks/a/b.json", "bookmarks/a-c/x.json"))
    #expect(!BookmarkIndexStore.inByteOrder("same", "same"))
    #expect(BookmarkIndexStore.inByteOrder("", "a") && !BookmarkIndexStore.inByteOrder("a", ""))
  }
}
