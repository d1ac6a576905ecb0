import HolderCore
import Testing

@Suite struct ListMergeTests {
  @Test func concurrentMovesAndAdditionsKeepEveryTagOnce() {
    let base = ["a", "b", "c"]
    let ours = ["c", "a", "b", "x"]
    let theirs = ["a", "y", "b"]
    let one = ListMerge.merge(base: base, ours: ours, theirs: theirs)
    let other = ListMerge.merge(base: base, ours: theirs, theirs: ours)
    #expect(one == other)
    #expect(Set(one) == ["a", "b", "x", "y"])
    #expect(one.count == 4)
  }
}
