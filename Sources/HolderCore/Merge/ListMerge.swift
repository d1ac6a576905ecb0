/// The three-way merge of an ordered list of unique strings (the tag order of store.json).
///
/// ### Algorithm
/// An element stays when both sides kept it or one side added it; an
/// element one side removed goes. Order: `ours`' order for what ours holds,
/// then theirs' additions placed after the element that precedes them in
/// theirs (or first). To stay symmetric the sides are taken in a fixed
/// order: the one whose list is lexicographically smaller is "ours".
public enum ListMerge {
  public static func merge(base: [String], ours: [String], theirs: [String]) -> [String] {
    let (first, second) =
      ours.lexicographicallyPrecedes(theirs) ? (ours, theirs) : (theirs, ours)
    let original = Set(base)
    let a = Set(first)
    let b = Set(second)
    let keep: (String) -> Bool = { (a.contains($0) && b.contains($0)) || !original.contains($0) }
    var result = first.filter(keep)
    var present = Set(result)
    for (index, element) in second.enumerated() where keep(element) && !present.contains(element) {
      let anchor = second[..<index].last { present.contains($0) }
      let position = anchor.flatMap { result.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      result.insert(element, at: position)
      present.insert(element)
    }
    return result
  }
}
