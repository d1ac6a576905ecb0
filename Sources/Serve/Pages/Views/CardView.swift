// One bookmark as the list shows it: title (matches marked), host, tags, star, and its
// thumbnail (`/thumb/ID` when its metadata names an image or icon, else a stand-in drawn from
// the host). Every string is escaped where the card is drawn (`HTML`).
import HolderCore
import HolderKit

/// A run of text, marked when the search matched it.
struct TextPart {
  var text: String
  var mark: Bool

  /// `text` cut where `query` matched it (the CLI's highlighting rules).
  static func parts(of text: String, query: SearchQuery?) -> [TextPart] {
    guard let query else { return [TextPart(text: text, mark: false)] }
    let characters = Array(text)
    var parts: [TextPart] = []
    var position = 0
    for range in Highlighter.ranges(of: query, in: text) where range.lowerBound >= position {
      let upper = min(range.upperBound, characters.count)
      if range.lowerBound > position {
        parts.append(TextPart(text: String(characters[position..<range.lowerBound]), mark: false))
      }
      if upper > range.lowerBound {
        parts.append(TextPart(text: String(characters[range.lowerBound..<upper]), mark: true))
      }
      position = upper
    }
    if position < characters.count {
      parts.append(TextPart(text: String(characters[position...]), mark: false))
    }
    return parts
  }
}

/// A tag as a link.
struct TagLinkView {
  var name: String
  var href: String

  init(_ tag: String) {
    name = tag
    href = "/?tag=" + QueryText.encode(tag)
  }
}

struct CardView {
  var id: String
  var titleParts: [TextPart]
  var host: String
  var hostParts: [TextPart]
  var tags: [TagLinkView]
  var hasTags: Bool
  var favorite: Bool
  var initial: String
  var hue: Int
  var thumb: String?

  init(_ located: LocatedBookmark, query: SearchQuery?, thumbnail: String?) {
    let bookmark = located.bookmark
    id = bookmark.id.rawValue
    let title = bookmark.title.isEmpty ? URLNormalizer.readable(bookmark.url) : bookmark.title
    titleParts = TextPart.parts(of: title, query: query)
    host = CardView.host(of: bookmark.url)
    hostParts = TextPart.parts(of: host, query: query)
    tags = bookmark.tags.map(TagLinkView.init)
    hasTags = !tags.isEmpty
    favorite = bookmark.favorite
    let letter = host.split(separator: ".").first { $0 != "www" }?.first ?? "?"
    initial = String(letter).uppercased()
    hue = Int(host.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31) &+ $1.value } % 12)
    thumb = thumbnail
  }

  /// The host of a URL as people read it, without `www.`; the whole URL when it has none
  /// (`mailto:`).
  static func host(of url: String) -> String {
    let readable = URLNormalizer.readable(url)
    let host = SearchEntry.host(of: readable)
    if host.isEmpty { return readable }
    return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
  }
}

/// Text for the query part of a URL.
enum QueryText {
  static func encode(_ text: String) -> String {
    let allowed = CharacterSetASCII.unreserved
    return text.utf8.map { byte in
      allowed.contains(byte) ? String(UnicodeScalar(byte)) : "%" + Hex.byte(byte, uppercase: true)
    }.joined()
  }
}

enum CharacterSetASCII {
  static let unreserved: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))
}
