/// Writes an XBEL 1.0 file (XML Bookmark Exchange Language), what floccus syncs between
/// browsers, and holder-git's XBEL import reads back.
///
/// Follows the XBEL 1.0 DTD: the XML declaration, the DOCTYPE floccus writes, then `<xbel>`.
/// Each tag is a `<folder>` with its `<title>` (`dev/swift` is `swift` inside `dev`) and a
/// bookmark sits in the folder of every tag it has, as in the Netscape export; untagged ones
/// follow the folders at the top. A `<bookmark>` has `href`, `added` and `modified` (RFC 3339
/// with milliseconds, so the times come back exactly), its title in `<title>` and its note in
/// `<desc>`. XBEL has no place for the favourite flag or the page's metadata: they stay in the
/// store (an import of the file never erases them). Characters XML 1.0 cannot hold (control
/// characters other than tab and line breaks) are written as spaces.
enum XBELWriter {
  static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
    <xbel version="1.0">

    """

  static func write(_ root: TagFolder, to output: inout ExportOutput) throws {
    output.append(header)
    try writeChildren(of: root, depth: 1, to: &output)
    output.append("</xbel>\n")
  }

  private static func writeChildren(
    of folder: TagFolder, depth: Int, to output: inout ExportOutput
  ) throws {
    let indent = String(repeating: "  ", count: depth)
    for child in folder.folders {
      output.append(indent + "<folder>\n" + indent + "  <title>")
      appendEscaped(child.name, attribute: false, to: &output.buffer)
      output.append("</title>\n")
      try writeChildren(of: child, depth: depth + 1, to: &output)
      output.append(indent + "</folder>\n")
    }
    for entry in folder.entries {
      appendBookmark(entry.bookmark, indent: indent, to: &output.buffer)
      try output.entryWritten()
    }
  }

  private static func appendBookmark(_ bookmark: Bookmark, indent: String, to bytes: inout [UInt8])
  {
    bytes.append(contentsOf: (indent + "<bookmark href=\"").utf8)
    appendEscaped(bookmark.url, attribute: true, to: &bytes)
    bytes.append(contentsOf: "\" added=\"\(bookmark.created.rfc3339)\"".utf8)
    bytes.append(contentsOf: " modified=\"\(bookmark.lastModified.rfc3339)\">\n".utf8)
    bytes.append(contentsOf: (indent + "  <title>").utf8)
    appendEscaped(bookmark.title, attribute: false, to: &bytes)
    bytes.append(contentsOf: "</title>\n".utf8)
    if !bookmark.note.isEmpty {
      bytes.append(contentsOf: (indent + "  <desc>").utf8)
      appendEscaped(bookmark.note, attribute: false, to: &bytes)
      bytes.append(contentsOf: "</desc>\n".utf8)
    }
    bytes.append(contentsOf: (indent + "</bookmark>\n").utf8)
  }

  /// `text` escaped for XML: `&`, `<`, `>` as entities, in an attribute also `"` and white
  /// space other than the space (a parser would make it a space); a carriage return as a
  /// character reference everywhere (a parser would make it a line feed); characters XML 1.0
  /// cannot hold as spaces.
  static func appendEscaped(_ text: String, attribute: Bool, to bytes: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": bytes.append(contentsOf: "&amp;".utf8)
      case "<": bytes.append(contentsOf: "&lt;".utf8)
      case ">": bytes.append(contentsOf: "&gt;".utf8)
      case "\"" where attribute: bytes.append(contentsOf: "&quot;".utf8)
      case "\n" where attribute: bytes.append(contentsOf: "&#10;".utf8)
      case "\t" where attribute: bytes.append(contentsOf: "&#9;".utf8)
      case "\r": bytes.append(contentsOf: "&#13;".utf8)
      case "\t", "\n": bytes.append(UInt8(scalar.value))
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          bytes.append(UInt8(ascii: " "))
        } else {
          bytes.append(contentsOf: String(scalar).utf8)
        }
      }
    }
  }
}
