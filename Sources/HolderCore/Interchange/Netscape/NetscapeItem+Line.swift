/// `NetscapeItem` as one line of JSON: how `holder-git-fetch netscape` hands each link of a
/// bookmark file to holder-git.
///
/// Foundation's `JSONEncoder` and `JSONDecoder` took a quarter of a 100,000-link import
/// (both processes); this writes the strings as they are (no normalisation: a URL's bytes
/// must arrive unchanged) and reads them back with `JSONReader`. Attributes travel as
/// `[name, value]` pairs, so no two names can ever be refused as duplicate keys.
extension NetscapeItem {
  /// The item on one line, without the final newline.
  public var jsonLine: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(href.utf8.count + title.utf8.count + description.utf8.count + 96)
    bytes.append(contentsOf: #"{"href":"#.utf8)
    Self.appendString(href, to: &bytes)
    bytes.append(contentsOf: #","title":"#.utf8)
    Self.appendString(title, to: &bytes)
    bytes.append(contentsOf: #","description":"#.utf8)
    Self.appendString(description, to: &bytes)
    bytes.append(contentsOf: #","folders":["#.utf8)
    for (position, folder) in folders.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.appendString(folder, to: &bytes)
    }
    bytes.append(contentsOf: #"],"attributes":["#.utf8)
    for (position, (name, value)) in attributes.sorted(by: { $0.key < $1.key }).enumerated() {
      bytes.append(contentsOf: (position > 0 ? ",[" : "[").utf8)
      Self.appendString(name, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      Self.appendString(value, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(contentsOf: #"],"systemFolders":["#.utf8)
    bytes.append(contentsOf: systemFolders.sorted().map(String.init).joined(separator: ",").utf8)
    bytes.append(UInt8(ascii: "]"))
    if let section {
      bytes.append(contentsOf: #","section":"#.utf8)
      Self.appendString(section, to: &bytes)
    }
    bytes.append(contentsOf: #","line":\#(line)}"#.utf8)
    return bytes
  }

  /// The item a `jsonLine` wrote; nil for any other line.
  public init?(jsonLine: [UInt8]) {
    guard case .object(let members)? = try? JSONReader.read(jsonLine, file: "netscape item")
    else { return nil }
    var fields: [String: JSONValue] = [:]
    for (key, value) in members { fields[key] = value }
    guard case .string(let href)? = fields["href"], case .string(let title)? = fields["title"],
      case .string(let description)? = fields["description"],
      case .array(let folderValues)? = fields["folders"],
      case .array(let attributeValues)? = fields["attributes"],
      case .array(let systemValues)? = fields["systemFolders"],
      case .number(let lineText)? = fields["line"], let line = Int(lineText)
    else { return nil }
    var folders: [String] = []
    for value in folderValues {
      guard case .string(let folder) = value else { return nil }
      folders.append(folder)
    }
    var attributes: [String: String] = [:]
    for value in attributeValues {
      guard case .array(let pair) = value, pair.count == 2, case .string(let name) = pair[0],
        case .string(let text) = pair[1]
      else { return nil }
      attributes[name] = text
    }
    var systemFolders: Set<Int> = []
    for value in systemValues {
      guard case .number(let text) = value, let position = Int(text) else { return nil }
      systemFolders.insert(position)
    }
    var section: String?
    if case .string(let text)? = fields["section"] { section = text }
    self.init(
      href: href, title: title, description: description, folders: folders,
      attributes: attributes, systemFolders: systemFolders, section: section, line: line)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// `text` quoted with JSON's escapes for `"`, `\` and every control character.
  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0..<0x20:
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
