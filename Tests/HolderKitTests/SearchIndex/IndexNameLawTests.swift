import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The law for names through the index: whatever the ids in the files (hand edits included),
/// an id or id prefix resolves as reading every file would: the one match, every candidate of
/// an ambiguous prefix, or not found.
@Suite struct IndexNameLawTests {
  struct Scenario: CustomStringConvertible {
    /// The ids of the bookmark files, by URL number; some share long prefixes.
    var ids: [String]
    /// A hand edit after the first round of names: file `edited` gets id `newID`.
    var edited: Int
    var newID: String
    var names: [String]

    var description: String { "ids \(ids), file \(edited) → \(newID), names \(names)" }
  }

  /// Ids over few letters, so prefixes collide; names are their prefixes, cut anywhere.
  static var scenario: Generator<Scenario, Shrink.None<Scenario>> {
    Generator(
      run: { rng in
        let hex = Array("0123456789abcdef")
        func id() -> String {
          let head = String((0..<8).map { _ in Bool.random(using: &rng) ? "a" : "b" })
          let tail = String((0..<12).map { _ in hex[Int.random(in: 0..<16, using: &rng)] })
          return head + "-0000-4000-8000-" + tail
        }
        let ids = (0..<Int.random(in: 2...6, using: &rng)).map { _ in id() }
        let newID =
          Bool.random(using: &rng) ? id() : ids[Int.random(in: 0..<ids.count, using: &rng)]
        let names = (0..<6).map { _ in
          let source =
            Bool.random(using: &rng) ? newID : ids[Int.random(in: 0..<ids.count, using: &rng)]
          return String(source.prefix(Int.random(in: 4...36, using: &rng)))
        }
        return Scenario(
          ids: ids, edited: Int.random(in: 0..<ids.count, using: &rng), newID: newID,
          names: names)
      }, shrink: { _ in Shrink.None() })
  }

  /// The outcome of `resolve`, as reading every file would give it.
  private static func expected(_ name: String, in store: Store) -> String {
    let matches = store.snapshot().bookmarks.filter {
      $0.bookmark.id.rawValue.hasPrefix(name.lowercased())
    }
    // A full id shared by two files (a hand-made copy) names the first by path, as before.
    if BookmarkID(name) != nil { return matches.first?.path ?? "not found" }
    switch matches.count {
    case 0: return "not found"
    case 1: return matches[0].path
    default: return "ambiguous " + matches.map(\.bookmark.id.rawValue).sorted().description
    }
  }

  private static func outcome(_ name: String, in store: Store) -> String {
    do {
      return try store.resolve(name).path
    } catch {
      switch error {
      case .lookup(.notFound): return "not found"
      case .lookup(.ambiguous(_, let candidates)):
        return "ambiguous " + candidates.sorted().description
      default: return "\(error)"
      }
    }
  }

  @Test func namesResolveAsReadingEveryFileWould() async {
    await propertyCheck(count: 20, input: Self.scenario) { scenario in
      let fixture = try StoreFixture(checksInvariants: false)
      var paths: [String] = []
      for (number, id) in scenario.ids.enumerated() {
        let time = StoreFixture.start
        let bookmark = Bookmark(
          id: try #require(BookmarkID(id)), url: "https://example.org/\(number)",
          title: "\(number)",
          created: time, lastModified: time)
        let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
        try fixture.write(String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self), to: path)
        paths.append(path)
      }
      for name in scenario.names {
        #expect(Self.outcome(name, in: fixture.store) == Self.expected(name, in: fixture.store))
      }
      let path = paths[scenario.edited]
      let edited = try fixture.read(path).replacingOccurrences(
        of: scenario.ids[scenario.edited], with: scenario.newID)
      try fixture.write(edited, to: path)
      for name in scenario.names + scenario.ids {
        #expect(Self.outcome(name, in: fixture.store) == Self.expected(name, in: fixture.store))
      }
    }
  }
}
