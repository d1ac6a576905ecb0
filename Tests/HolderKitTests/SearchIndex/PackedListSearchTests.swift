// A search first finds the bookmarks whose folded text holds its longest term, in one pass
// over all of it: it must miss none, and keep only lists where a match starts.
import PropertyBased
import Testing

@testable import HolderKit

@Suite struct PackedListSearchTests {
  static let lists = Gen<UInt8?>.element(of: Array("ab".utf8)).map { $0 ?? 0 }.array(of: 0...5)
    .array(of: 0...8)
  static let needle = Gen<UInt8?>.element(of: Array("ab".utf8)).map { $0 ?? 0 }.array(of: 1...3)

  @Test func everyListHoldingTheNeedleIsFoundAndEveryOneFoundStartsAMatch() async {
    await propertyCheck(count: 500, input: zip(Self.lists, Self.needle)) { lists, needle in
      var packed = PackedList<UInt8>()
      for list in lists { packed.append(list) }
      let found = packed.lists(holding: needle)
      let holding = lists.indices.filter { contains(lists[$0][...], needle) }
      #expect(Set(holding).isSubset(of: found), "\(lists) \(needle)")
      #expect(found == found.sorted() && Set(found).count == found.count)
      let all = lists.flatMap { $0 }
      for list in found {
        let range = packed.range(list)
        let startsHere = range.contains { start in
          all[start...].starts(with: needle)
        }
        #expect(startsHere, "\(lists) \(needle) \(list)")
      }
    }
  }

  @Test func emptyListsAndAMatchAtTheVeryEnd() {
    var packed = PackedList<UInt8>()
    for list in ["", "xy", "", "", "abc"] { packed.append(Array(list.utf8)) }
    #expect(packed.lists(holding: Array("c".utf8)) == [4])
    #expect(packed.lists(holding: Array("x".utf8)) == [1])
    // "yab" runs from list 1 into list 4 (2 and 3 are empty): list 1 is a candidate only.
    #expect(packed.lists(holding: Array("yab".utf8)) == [1])
    #expect(packed.lists(holding: Array("zz".utf8)).isEmpty)
  }

  private func contains(_ list: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    list.indices.contains { list[$0...].starts(with: needle) }
  }
}
