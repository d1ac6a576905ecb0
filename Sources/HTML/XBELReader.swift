import CLibXML2
import HolderCore

/// Reads an XBEL file (XML Bookmark Exchange Language 1.0) with libxml2's XML parser in SAX
/// mode, handing each bookmark on as a `NetscapeItem` (`XBELItem` in HolderCore gives it
/// meaning), so that it travels from the helper program the way a Netscape link does.
///
/// Follows the XBEL 1.0 DTD (pyxml.sourceforge.net/topics/xbel): `<xbel>` holds `<folder>`,
/// `<bookmark>`, `<alias>` and `<separator/>`; a folder's `<title>` comes first, then its
/// children; a bookmark has `href`, `added`, `modified` and `<title>`, `<desc>`, `<info>`.
/// Each item carries the titles of the folders it is in (outermost first), its `<title>` as
/// the title, its `<desc>` as the description, and `href`, `added`, `modified` as attributes.
/// `<info>` holds other programs' data (floccus, Konqueror): its text is never read as a
/// title. Aliases point at a bookmark listed elsewhere in the file, and separators are
/// layout: both give nothing. Streaming, no document tree; the network is never touched and
/// no DTD is loaded; libxml2's limits stop entity expansion that would blow up.
public enum XBELReader {
  /// Calls `each` for every bookmark of `bytes`, in file order, and last, when the file is not
  /// well-formed XML, for the item that says where (`NetscapeItem.xbelError`): what came
  /// before the error has been handed on, what follows it is not read.
  public static func read(_ bytes: [UInt8], each: (NetscapeItem) -> Void) {
    withoutActuallyEscaping(each) { each in read(bytes, escaping: each) }
  }

  private static func read(_ bytes: [UInt8], escaping each: @escaping (NetscapeItem) -> Void) {
    let collector = XBELCollector(each: each)
    if let (line, message) = parse(bytes, collector: collector) {
      each(NetscapeItem.xbelError(line: line, message: message))
    }
  }

  private static let chunkSize = 256 * 1024

  /// libxml2 wants one global initialisation before parsing on several threads.
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Nil when the file is well-formed, else the line and libxml2's words for the first error.
  private static func parse(_ bytes: [UInt8], collector: XBELCollector) -> (Int, String)? {
    _ = initialized
    holder_xml_silence()
    var handler = xmlSAXHandler()
    handler.startElement = { context, name, attributes in
      guard let context, let name else { return }
      let collector = Unmanaged<XBELCollector>.fromOpaque(context).takeUnretainedValue()
      var pairs: [String: String] = [:]
      if var cursor = attributes {
        while let key = cursor.pointee {
          let value = (cursor + 1).pointee.map { String(cString: $0) } ?? ""
          pairs[String(cString: key)] = XBELCollector.ampersands(value)
          guard (cursor + 1).pointee != nil else { break }
          cursor += 2
        }
      }
      collector.start(String(cString: name), attributes: pairs)
    }
    handler.endElement = { context, name in
      guard let context, let name else { return }
      Unmanaged<XBELCollector>.fromOpaque(context).takeUnretainedValue()
        .end(String(cString: name))
    }
    handler.characters = { context, characters, length in
      guard let context, let characters, length > 0 else { return }
      let text = String(
        decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
      Unmanaged<XBELCollector>.fromOpaque(context).takeUnretainedValue().text(text)
    }
    handler.cdataBlock = handler.characters
    let context = Unmanaged.passUnretained(collector).toOpaque()
    guard let parser = xmlCreatePushParserCtxt(&handler, context, nil, 0, nil) else {
      return (0, "libxml2 could not start")
    }
    defer { xmlFreeParserCtxt(parser) }
    let options =
      XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue
      | XML_PARSE_NOCDATA.rawValue
    xmlCtxtUseOptions(parser, Int32(options))
    collector.lineSource = { Int(parser.pointee.input?.pointee.line ?? 0) }
    var failed = false
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        var offset = 0
        while offset < chars.count && !failed {
          let count = min(chunkSize, chars.count - offset)
          failed =
            xmlParseChunk(parser, chars.baseAddress.map { $0 + offset }, Int32(count), 0) != 0
          offset += count
        }
        if !failed { failed = xmlParseChunk(parser, nil, 0, 1) != 0 }
      }
    }
    collector.lineSource = nil
    guard failed || parser.pointee.wellFormed == 0 else { return nil }
    if let error = xmlCtxtGetLastError(parser) {
      let message = error.pointee.message.map { String(cString: $0) } ?? ""
      return (Int(error.pointee.line), message.trimmingSpacesAndNewlines())
    }
    return (collector.lastLine, "")
  }
}

/// The state between SAX events: the folder path, the bookmark being read, which text goes
/// where.
final class XBELCollector {
  private let each: (NetscapeItem) -> Void
  var lineSource: (() -> Int)?
  /// The line of the last bookmark, for an error libxml2 gives no line for.
  private(set) var lastLine = 0
  /// One element per open `<folder>`: its title once read (nil before), within the cap.
  private var folders: [String?] = []
  private var item: NetscapeItem?
  /// The element whose text is being gathered: `title` or `desc` of the innermost bookmark or
  /// folder.
  private var field: String?
  private var fieldText = ""
  /// Depth inside `<info>`, whose text belongs to other programs.
  private var infoDepth = 0

  init(each: @escaping (NetscapeItem) -> Void) {
    self.each = each
  }

  /// An attribute value as the file means it: libxml2, which substitutes no entity (so that
  /// none is fetched from a file or the network), hands every `&` on as `&#38;`, and any
  /// other `&` in the value starts an entity it left as written.
  static func ampersands(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
    // In bytes, not characters: a combining mark after the `;` joins it into one character,
    // which a search for the characters `&#38;` would not find.
    let escaped = Array("&#38;".utf8)
    let utf8 = Array(value.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "&"), utf8[index...].starts(with: escaped) {
        result.append(UInt8(ascii: "&"))
        index += escaped.count
      } else {
        result.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  func start(_ name: String, attributes: [String: String]) {
    if infoDepth > 0 || name == "info" {
      infoDepth += 1
      return
    }
    switch name {
    case "folder":
      folders.append(nil)
    case "bookmark":
      var kept: [String: String] = [:]
      for key in ["added", "modified"] { kept[key] = attributes[key] }
      item = NetscapeItem(
        href: attributes["href"] ?? "", title: "",
        folders: folders.prefix(NetscapeReader.keptFolders).map { $0 ?? "" },
        attributes: kept, line: lineSource?() ?? 0)
      lastLine = item?.line ?? 0
    case "title", "desc":
      field = name
      fieldText = ""
    default:
      break
    }
  }

  func end(_ name: String) {
    if infoDepth > 0 {
      infoDepth -= 1
      return
    }
    switch name {
    case "folder":
      _ = folders.popLast()
    case "bookmark":
      if let item { each(item) }
      item = nil
    case "title", "desc":
      guard field == name else { break }
      field = nil
      if item != nil {
        if name == "title" { item?.title = fieldText } else { item?.description = fieldText }
      } else if name == "title", let last = folders.indices.last, folders[last] == nil {
        folders[last] = NetscapeItem.oneLineText(fieldText)
      }
    default:
      break
    }
  }

  func text(_ text: String) {
    if infoDepth == 0 && field != nil { fieldText += text }
  }
}
