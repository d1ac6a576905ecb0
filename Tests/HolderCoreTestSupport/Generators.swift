import HolderCore
import PropertyBased

/// A random source as the generators receive it.
public typealias RandomSource = any SeededRandomNumberGenerator

extension Gen where Value == Bookmark {
  /// Bookmarks of every shape a file can hold.
  ///
  /// Texts mix ASCII, Korean, Japanese, emoji, combining marks (so some
  /// strings are not in NFC), quotes, backslashes and control characters;
  /// notes are sometimes long; unknown fields hold every JSON type; metadata is
  /// nil or non-empty, with nil fields. Tags are valid tag paths.
  public static var bookmark: Generator<Bookmark, Shrink.None<Bookmark>> {
    Generator(run: { rng in RandomValues.bookmark(&rng) }, shrink: { _ in Shrink.None() })
  }
}

extension Gen where Value == StoreSettings {
  /// Store settings with random tag orders, renames and unknown fields.
  public static var storeSettings: Generator<StoreSettings, Shrink.None<StoreSettings>> {
    Generator(run: { rng in RandomValues.storeSettings(&rng) }, shrink: { _ in Shrink.None() })
  }
}

extension Gen where Value == JSONValue {
  /// JSON values of every type, nested at most `depth` levels.
  public static func json(depth: Int = 3) -> Generator<JSONValue, Shrink.None<JSONValue>> {
    Generator(
      run: { rng in RandomValues.json(&rng, depth: depth) }, shrink: { _ in Shrink.None() })
  }
}

extension Gen where Value == [UInt8] {
  /// Files from `valid`, damaged by one to four random byte insertions, deletions or replacements.
  public static func mutated(_ valid: Generator<[UInt8], some Sequence>) -> Generator<
    [UInt8], Shrink.None<[UInt8]>
  > {
    Generator(
      run: { rng in RandomValues.mutated(valid.run(using: &rng), &rng) },
      shrink: { _ in Shrink.None() })
  }
}

/// The random building blocks behind the generators, usable on their own.
public enum RandomValues {
  /// A bookmark; see `Gen.bookmark`.
  public static func bookmark(_ rng: inout RandomSource) -> Bookmark {
    let created = timestamp(&rng)
    let latest = Timestamp.rfc3339Maximum.millisecondsSince1970
    let noteLength = chance(&rng, 1, in: 8) ? 3000 : 200
    return Bookmark(
      id: bookmarkID(&rng),
      url: "https://example.org/" + text(&rng, maximumLength: 30),
      title: text(&rng, maximumLength: 60),
      note: Bool.random(using: &rng) ? "" : text(&rng, maximumLength: noteLength),
      tags: (0..<Int.random(in: 0...8, using: &rng)).map { _ in tag(&rng) },
      favorite: Bool.random(using: &rng),
      created: created,
      lastModified: Timestamp(
        millisecondsSince1970: Int64.random(
          in: created.millisecondsSince1970...latest, using: &rng)),
      metadata: Bool.random(using: &rng) ? nil : pageMetadata(&rng),
      extra: chance(&rng, 1, in: 3) ? extra(&rng, excluding: BookmarkCodec.keys) : [:])
  }

  /// Store settings; see `Gen.storeSettings`.
  public static func storeSettings(_ rng: inout RandomSource) -> StoreSettings {
    StoreSettings(
      formatVersion: Int.random(in: 1...3, using: &rng),
      tagOrder: (0..<Int.random(in: 0...6, using: &rng)).map { _ in tag(&rng) },
      tagRenames: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        StoreSettings.TagRename(
          from: tag(&rng), to: tag(&rng), at: timestamp(&rng),
          extra: chance(&rng, 1, in: 4)
            ? extra(&rng, excluding: StoreSettingsCodec.renameKeys) : [:])
      },
      lastModified: timestamp(&rng),
      extra: chance(&rng, 1, in: 3) ? extra(&rng, excluding: StoreSettingsCodec.keys) : [:])
  }

  /// Page metadata with at least one field set.
  public static func pageMetadata(_ rng: inout RandomSource) -> PageMetadata {
    var metadata = PageMetadata(
      title: optional(&rng) { text(&$0, maximumLength: 80) },
      description: optional(&rng) { text(&$0, maximumLength: 300) },
      image: optional(&rng) { "https://example.org/" + text(&$0, maximumLength: 20) },
      icon: optional(&rng) { "https://example.org/" + text(&$0, maximumLength: 20) },
      fetched: optional(&rng) { timestamp(&$0) },
      extra: chance(&rng, 1, in: 4) ? extra(&rng, excluding: BookmarkCodec.metadataKeys) : [:])
    if metadata.isEmpty { metadata.title = text(&rng, maximumLength: 10) }
    return metadata
  }

  /// A random UUID, in lowercase or uppercase.
  public static func bookmarkID(_ rng: inout RandomSource) -> BookmarkID {
    let hex = Array(Bool.random(using: &rng) ? "0123456789abcdef" : "0123456789ABCDEF")
    let groups = [8, 4, 4, 4, 12].map { count in
      String((0..<count).map { _ in hex[Int.random(in: 0..<16, using: &rng)] })
    }
    guard let id = BookmarkID(groups.joined(separator: "-")) else {
      preconditionFailure("8-4-4-4-12 hex digits are a UUID")
    }
    return id
  }

  /// A time between the years 0000 and 9999, often near now.
  public static func timestamp(_ rng: inout RandomSource) -> Timestamp {
    let all =
      Timestamp.rfc3339Minimum
      .millisecondsSince1970...Timestamp.rfc3339Maximum
      .millisecondsSince1970
    let range: ClosedRange<Int64> =
      chance(&rng, 3, in: 4) ? 1_600_000_000_000...1_900_000_000_000 : all
    return Timestamp(millisecondsSince1970: Int64.random(in: range, using: &rng))
  }

  /// A valid tag path of one to three segments.
  public static func tag(_ rng: inout RandomSource) -> String {
    var segments: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      var scalars = String.UnicodeScalarView()
      for scalar in text(&rng, maximumLength: 12).unicodeScalars
      where scalar != "/" && scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
        scalars.append(scalar)
      }
      let segment = String(scalars)
      segments.append(segment.isEmpty || segment == "." || segment == ".." ? "tag" : segment)
    }
    return segments.joined(separator: "/")
  }

  /// Text of up to `maximumLength` scalars from a mix of scripts and awkward characters.
  public static func text(_ rng: inout RandomSource, maximumLength: Int) -> String {
    let length = Int.random(in: 0...maximumLength, using: &rng)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      let range = alphabets[Int.random(in: 0..<alphabets.count, using: &rng)]
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Ranges of scalars to draw text from; ASCII is listed twice to be common.
  private static let alphabets: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0x20...0x7E,  // ASCII, with '"', '\' and '/'
    0xAC00...0xD7A3,  // Korean syllables
    0x1100...0x1175,  // Korean jamo, which NFC composes
    0x3040...0x30FF,  // hiragana and katakana
    0x4E00...0x9FFF,  // CJK ideographs
    0x1F300...0x1F64F,  // emoji
    0x200D...0x200D,  // zero width joiner
    0x0300...0x036F,  // combining marks, so some text is not NFC
    0x00C0...0x00FF,  // Latin-1 letters
    0x00...0x1F,  // C0 controls
    0x7F...0x9F,  // DEL and C1 controls
  ]

  /// A JSON value of any type, nested at most `depth` levels.
  public static func json(_ rng: inout RandomSource, depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .number(numberText(&rng))
    case 3: return .string(text(&rng, maximumLength: 20))
    case 4:
      let count = Int.random(in: 0...4, using: &rng)
      return .array((0..<count).map { _ in json(&rng, depth: depth - 1) })
    default:
      return .object(extra(&rng, excluding: [], depth: depth - 1).map { ($0.key, $0.value) })
    }
  }

  /// Unknown fields: up to four keys (none in `excluding`) with values of any type.
  public static func extra(_ rng: inout RandomSource, excluding: [String], depth: Int = 2)
    -> [String: JSONValue]
  {
    var fields: [String: JSONValue] = [:]
    for _ in 0..<Int.random(in: 0...4, using: &rng) {
      let key = text(&rng, maximumLength: 10)
      if !excluding.contains(key) { fields[key] = json(&rng, depth: depth) }
    }
    return fields
  }

  /// A number as JSON text: `-`, integer, fraction and exponent parts at random.
  public static func numberText(_ rng: inout RandomSource) -> String {
    var text = Bool.random(using: &rng) ? "-" : ""
    text += chance(&rng, 1, in: 4) ? "0" : String(Int.random(in: 1...999_999, using: &rng))
    if Bool.random(using: &rng) { text += "." + String(Int.random(in: 0...9999, using: &rng)) }
    if chance(&rng, 1, in: 4) {
      text += ["e", "E", "e+", "E-"][Int.random(in: 0..<4, using: &rng)]
      text += String(Int.random(in: 0...300, using: &rng))
    }
    return text
  }

  /// `bytes` with one to four bytes inserted, deleted or replaced.
  ///
  /// Inserted and replacing bytes favour JSON's structural characters and
  /// bytes that break UTF-8, where a reader is most likely to go wrong.
  public static func mutated(_ bytes: [UInt8], _ rng: inout RandomSource) -> [UInt8] {
    let interesting = Array("{}[]\",:\\ \nu0-e.".utf8) + [0x00, 0x1B, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
    var result = bytes
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let byte =
        Bool.random(using: &rng)
        ? interesting[Int.random(in: 0..<interesting.count, using: &rng)]
        : UInt8.random(in: 0...255, using: &rng)
      let position = Int.random(in: 0...result.count, using: &rng)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: result.insert(byte, at: position)
      case 1 where position < result.count: result.remove(at: position)
      default: if position < result.count { result[position] = byte }
      }
    }
    return result
  }

  private static func chance(_ rng: inout RandomSource, _ count: Int, in total: Int) -> Bool {
    Int.random(in: 0..<total, using: &rng) < count
  }

  private static func optional<T>(
    _ rng: inout RandomSource, _ make: (inout RandomSource) -> T
  ) -> T? {
    Bool.random(using: &rng) ? make(&rng) : nil
  }
}
