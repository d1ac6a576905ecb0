// The integer ids linkding's clients use, derived from what holder-git already has: a
// bookmark's from its id (a UUID), a tag's from its name. The same on every machine and after
// every restart, never given to another bookmark (an id leaves with its bookmark), and below
// 2^53 so a JavaScript client reads it exactly. Two bookmarks whose ids would be the same
// number are refused by number, never mixed up.
import HolderCore
import HolderKit
import Synchronization

enum APIID {
  /// The largest id a JavaScript number holds exactly.
  static let limit: UInt64 = 1 << 53

  /// The integer id of a bookmark.
  static func of(_ id: BookmarkID) -> Int { number(FNV1a.hash(Array(id.rawValue.utf8))) }

  /// The integer id of a tag: the same for every spelling that is the same tag.
  static func of(tag: String) -> Int {
    // Another start than a bookmark's, so a tag and a bookmark rarely share a number.
    number(FNV1a.hash(Array(Bookmark.tagKey(tag).utf8), from: FNV1a.offsetBasis ^ 0x7461_6773))
  }

  /// 1 to 2^53 − 1: linkding's ids are positive.
  private static func number(_ hash: UInt64) -> Int { Int(hash % (limit - 1)) + 1 }
}

/// Which bookmark each integer id names, made again when the store changed.
final class APIIDTable: Sendable {
  /// What one number names: one bookmark, or more (refused).
  enum Entry: Sendable {
    case one(BookmarkID)
    case shared([BookmarkID])
  }

  private let state = Mutex<(generation: Int, entries: [Int: Entry])>((-1, [:]))

  /// What `number` names in the store `library` holds now.
  func entry(_ number: Int, in library: Library) async -> Entry? {
    let known = state.withLock { $0.generation }
    let (fresh, generation) = await library.ids(unlessAt: known)
    return state.withLock { state in
      // Generations only go up: a request that read the ids before another never undoes it.
      if let ids = fresh, generation > state.generation {
        var entries: [Int: Entry] = [:]
        entries.reserveCapacity(ids.count)
        for id in ids {
          let number = APIID.of(id)
          switch entries[number] {
          case nil: entries[number] = .one(id)
          case .one(let other)?: entries[number] = .shared([other, id])
          case .shared(let others)?: entries[number] = .shared(others + [id])
          }
        }
        state = (generation, entries)
      }
      return state.entries[number]
    }
  }
}
