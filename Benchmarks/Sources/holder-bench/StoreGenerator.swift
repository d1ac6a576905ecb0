import Foundation
import HolderCore
import HolderKit

/// Generates a realistic store: seeded, so the same size gives the same bookmarks.
///
/// Titles and notes in English (40 %), Korean (30 %) and Japanese (30 %); popular hosts
/// and a long tail of personal sites; about 300 nested tags used with a skewed
/// distribution; 30 % with notes, 40 % with a fetched description, 5 % favourites; one
/// title in a hundred mentions "Kubernetes", the benchmarks' 1 % search.
struct StoreGenerator {
  let count: Int
  let seed: UInt64

  /// The word that one bookmark in a hundred has in its title.
  static let onePercentWord = "kubernetes"

  /// Writes the files with the codec and commits them in one commit through the store.
  func generate(at path: String) throws -> Store {
    let store = try Store.create(at: path)
    var random = SeededRandom(seed: seed)
    var hostTable: [Double] = []
    var tagTable: [Double] = []
    var writes: [String: [UInt8]] = [:]
    let tailHosts = (0..<max(50, count / 5)).map { index in
      let name = Vocabulary.tailNames[index % Vocabulary.tailNames.count]
      let word = Vocabulary.english[(index * 7) % Vocabulary.english.count]
      return "\(name)-\(word)\(index)" + Vocabulary.tailSuffixes[index % 8]
    }
    let start: Int64 = 1_640_995_200_000  // 2022-01-01
    let span: Int64 = 4 * 365 * 86_400_000
    for number in 0..<count {
      let language = Int.random(in: 0..<10, using: &random)
      let words =
        language < 4 ? Vocabulary.english : language < 7 ? Vocabulary.korean : Vocabulary.japanese
      var title = (0..<Int.random(in: 3...8, using: &random)).map { _ in random.pick(words) }
      if language < 4 { title[0] = title[0].prefix(1).uppercased() + title[0].dropFirst() }
      if number % 100 == 37 { title.insert("Kubernetes", at: 1) }
      let separator = language < 4 ? " " : (language < 7 ? " " : "")
      let host =
        random.chance(0.6)
        ? random.skewed(Vocabulary.hosts, table: &hostTable) : random.pick(tailHosts)
      let slug = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Vocabulary.english[Int.random(in: 0..<Vocabulary.english.count, using: &random)]
      }
      let url = try URLNormalizer.normalize(
        "https://\(host)/\(slug.joined(separator: "-"))/\(number)")
      var tags: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        tags.append(random.skewed(Vocabulary.tags, skew: 1.1, table: &tagTable))
      }
      let note =
        random.chance(0.3)
        ? (0..<Int.random(in: 6...20, using: &random)).map { _ in random.pick(words) }
          .joined(separator: separator) : ""
      let created = start + Int64.random(in: 0..<span, using: &random)
      let modified =
        random.chance(0.3)
        ? created + Int64.random(in: 0..<86_400_000 * 90, using: &random)
        : created
      let description =
        random.chance(0.4)
        ? (0..<Int.random(in: 8...24, using: &random)).map { _ in random.pick(words) }
          .joined(separator: separator) : nil
      let bookmark = Bookmark(
        id: BookmarkID(uuid: UUID(uuid: uuidBytes(&random))), url: url,
        title: title.joined(separator: separator), note: note, tags: tags,
        favorite: random.chance(0.05),
        created: Timestamp(millisecondsSince1970: created),
        lastModified: Timestamp(millisecondsSince1970: modified),
        metadata: description.map {
          PageMetadata(
            description: $0, fetched: Timestamp(millisecondsSince1970: created + 1_000))
        })
      writes[BookmarkPath.relativePath(forNormalizedURL: url)] = BookmarkCodec.encode(bookmark)
    }
    try store.recordBulk(
      Change(message: "Import \(count) generated bookmarks (seed \(seed))", writes: writes))
    return store
  }

  private func uuidBytes(_ random: inout SeededRandom) -> uuid_t {
    let high = random.next()
    let low = random.next()
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index)))
      bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
    }
    bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
    bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
    return (
      bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
      bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
    )
  }
}
