// `/share`, the installed app's Web Share Target: a phone's share sheet opens it with what the
// sharing app gave (title, text, url; the manifest names them). The address is found wherever
// it came, often inside `text` with words around it (they go in the note), and the add form
// opens on it, with the page's title and the "already saved" answer before anything is saved.
// A GET only reads: the save is the form's POST, which carries the page's secret (a POST here
// has none, and the guard refuses it).
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  func addShareRoutes(to router: Router<BasicRequestContext>) {
    router.get("/share") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      let shared = SharedLink(
        title: fields["title"] ?? "", text: fields["text"] ?? "", url: fields["url"] ?? "")
      guard let url = shared.url else {
        // Nothing to save yet; what was shared is kept in the form, not lost.
        let form = FormFields(
          query: "title=" + QueryText.encode(shared.title) + "&note="
            + QueryText.encode(shared.words))
        return await self.addForm(
          form,
          error: Reader.text(
            Message(
              "What was shared held no web address (http:// or https://). Paste the address into the field below."
            )), status: .ok)
      }
      var title = shared.title
      if title.isEmpty, let address = await self.library.addressToFetch(for: AddRequest(url: url)) {
        // A new link: its page's own title, as the save would fetch it. A saved one shows its
        // saved title.
        title = await self.pageLookup.metadata(for: address)?.title ?? ""
      }
      var location = "/add?url=" + QueryText.encode(url)
      if !title.isEmpty { location += "&title=" + QueryText.encode(title) }
      // The words around the address are the sender's, not the page's title: they go in the
      // note, where they are seen and kept or cleared before the save.
      if !shared.words.isEmpty { location += "&note=" + QueryText.encode(shared.words) }
      return App.seeOther(location)
    }
  }
}

/// The address and title in what a share sheet sent.
///
/// Apps differ: a browser gives `url` (and the page's title); most apps give one `text` such
/// as "Look at this https://… !", where the address has words and punctuation around it.
struct SharedLink {
  /// The first web address found (the `url` field first, then `text`, then `title`).
  var url: String?
  /// The title as shared, trimmed; may be empty.
  var title: String
  /// The shared text without the address, trimmed.
  var words: String

  init(title: String, text: String, url: String) {
    self.title = title.trimmingSpacesAndNewlines()
    var found: String?
    var words = text
    for (field, value) in [("url", url), ("text", text), ("title", title)] {
      guard let address = Self.address(in: value) else { continue }
      found = address
      if field == "title" {
        self.title = title.replacing(address, with: " ").trimmingSpacesAndNewlines()
      }
      break
    }
    if found == nil, let bare = Self.bareAddress(url) ?? Self.bareAddress(text) {
      found = bare
    }
    if let found { words = words.replacing(found, with: " ") }
    self.url = found
    words = Self.tidy(words)
    // Many apps send the title in the text as well.
    self.words = words == self.title ? "" : words
  }

  /// The first `http://` or `https://` address in `text`, without the punctuation that
  /// closes the sentence around it.
  static func address(in text: String) -> String? {
    var start = text.startIndex
    while start < text.endIndex {
      let rest = text[start...]
      if rest.prefix(8).lowercased() == "https://" || rest.prefix(7).lowercased() == "http://" {
        break
      }
      start = text.index(after: start)
    }
    let rest = text[start...]
    var address = String(rest.prefix { !$0.isWhitespace && !Self.quotes.contains($0) })
    while let last = address.last, Self.closing.contains(last) || unbalanced(last, in: address) {
      address.removeLast()
    }
    // A scheme and a host at least.
    let scheme = address.lowercased().hasPrefix("https://") ? 8 : 7
    return address.count > scheme ? address : nil
  }

  /// `text` when it is one word that looks like an address without its scheme
  /// ("example.com/page"); the form and the store read it as https.
  static func bareAddress(_ text: String) -> String? {
    let word = text.trimmingSpacesAndNewlines()
    guard !word.isEmpty, !word.contains(where: \.isWhitespace), word.contains("."),
      !word.hasPrefix("."), !word.hasSuffix("."), !word.contains("@")
    else { return nil }
    return word
  }

  /// Marks that end a sentence rather than an address.
  private static let closing: Set<Character> = [".", ",", ";", ":", "!", "?", "'", "\""]
  /// Marks that never belong to an address but often wrap one.
  private static let quotes: Set<Character> = [
    "<", ">", "\"", "«", "»", "“", "”", "‘", "’", "「", "」",
  ]

  /// A closing bracket at the end with no opening one in the address ("(see https://x.y/)").
  private static func unbalanced(_ last: Character, in address: String) -> Bool {
    let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
    guard let opening = pairs[last] else { return false }
    return address.filter { $0 == last }.count > address.filter { $0 == opening }.count
  }

  /// Words with their runs of spaces made one, and the dashes or colons left dangling by
  /// the address taken out ("Title - https://…" gives "Title"); nothing when no word is left
  /// (only the quotes that were around the address).
  private static func tidy(_ words: String) -> String {
    // Marks alone between spaces were around the address: "Look at this: https://… ."
    var text = words.split(whereSeparator: \.isWhitespace)
      .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }.joined(separator: " ")
    while let last = text.last, "-–—:|·".contains(last) {
      text.removeLast()
      text = text.trimmingSpacesAndNewlines()
    }
    return text
  }
}
