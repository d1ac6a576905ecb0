/// The tree comparisons a repository has made, by the two root trees and the folder compared.
///
/// A merge's plan compares its base with each side for the incoming check, the
/// changed bookmarks, the other files and each side's change times, each base diff once.
/// Trees are named by their content, so a remembered comparison never goes stale.
///
/// Only small comparisons are kept, and only the last few: one of every file of a large store
/// (an index built from nothing) is made once and would only hold memory.
struct TreeDiffMemo {
  private struct Key: Hashable {
    var old: ObjectID?
    var new: ObjectID?
    var prefix: String
  }

  /// Most deltas a kept comparison holds.
  static let largest = 20_000
  /// Most comparisons kept.
  static let count = 8

  private var kept: [Key: [TreeDelta]] = [:]
  private var order: [Key] = []

  /// The deltas of an earlier comparison: the same one, or the whole trees' filtered to the
  /// folder `prefix`.
  func changes(from old: ObjectID?, to new: ObjectID?, under prefix: String) -> [TreeDelta]? {
    if let known = kept[Key(old: old, new: new, prefix: prefix)] { return known }
    guard !prefix.isEmpty, let whole = kept[Key(old: old, new: new, prefix: "")] else {
      return nil
    }
    let folder = prefix + "/"
    return whole.filter { $0.path.hasPrefix(folder) }
  }

  mutating func remember(
    _ deltas: [TreeDelta], from old: ObjectID?, to new: ObjectID?, under prefix: String
  ) {
    guard deltas.count <= Self.largest else { return }
    let key = Key(old: old, new: new, prefix: prefix)
    if kept.updateValue(deltas, forKey: key) == nil { order.append(key) }
    if order.count > Self.count { kept[order.removeFirst()] = nil }
  }
}
