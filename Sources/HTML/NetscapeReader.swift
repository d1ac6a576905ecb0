import CLibXML2
import HolderCore

/// Reads a Netscape Bookmark File with libxml2's lenient HTML parser in SAX mode.
///
/// Streaming: no document tree is built, so a file of 100,000 links costs its own bytes and
/// one link at a time. Folder nesting is followed by `<DL>` starts and ends (the `<H3>`
/// just before a `<DL>` names it), which works whether `<DT>`, `<p>` and `<DD>` are closed,
/// left open or closed explicitly, and with no DOCTYPE. The bytes are decoded first by the
/// rules of `HTMLPage.decode` (BOM, the `<META>` charset, UTF-8, windows-1252), and libxml2
/// is told to ignore the charset the file declares, so nothing is decoded twice.
public enum NetscapeReader {
  /// Calls `each` for every link of `bytes`, in file order; returns the charset read.
  @discardableResult
  public static func read(_ bytes: [UInt8], each: (NetscapeItem) -> Void) -> Charset {
    withoutActuallyEscaping(each) { each in read(bytes, escaping: each) }
  }

  private static func read(_ bytes: [UInt8], escaping each: @escaping (NetscapeItem) -> Void)
    -> Charset
  {
    let decoded = HTMLPage.decode(bytes, contentType: nil)
    let collector = NetscapeCollector(each: each)
    parse(Array(decoded.text.utf8), collector: collector)
    collector.finishItem()
    return decoded.charset
  }

  private static let chunkSize = 256 * 1024

  /// How many folders of a link's path are kept.
  ///
  /// Enough that a link nested deeper than a tag may be still gets a tag over
  /// `TagPath.maximumDepth` (with room for the browser's own leading folders, which are
  /// dropped), which the import refuses naming the limit. Deeper folders are not kept, so a
  /// link costs the same at any depth.
  public static let keptFolders = TagPath.maximumDepth + 4

  /// libxml2 wants one global initialisation before parsing on several threads.
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  private static func parse(_ utf8: [UInt8], collector: NetscapeCollector) {
    _ = initialized
    holder_xml_silence()
    var handler = htmlSAXHandler()
    handler.startElement = { context, name, attributes in
      guard let context, let name else { return }
      let collector = Unmanaged<NetscapeCollector>.fromOpaque(context).takeUnretainedValue()
      var pairs: [String: String] = [:]
      // Name, value, name, value…, then a NULL name. An attribute written without a value
      // (`<A SUBSCRIBE HREF=…>`, `<H3 FOLDED …>`) has a NULL value, which is kept as "" and
      // does not end the list.
      if var cursor = attributes {
        while let key = cursor.pointee {
          let value = (cursor + 1).pointee.map { String(cString: $0) } ?? ""
          pairs[String(cString: key).lowercased()] = value
          cursor += 2
        }
      }
      collector.start(String(cString: name).lowercased(), attributes: pairs)
    }
    handler.endElement = { context, name in
      guard let context, let name else { return }
      Unmanaged<NetscapeCollector>.fromOpaque(context).takeUnretainedValue()
        .end(String(cString: name).lowercased())
    }
    handler.characters = { context, characters, length in
      guard let context, let characters, length > 0 else { return }
      let text = String(
        decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
      Unmanaged<NetscapeCollector>.fromOpaque(context).takeUnretainedValue().text(text)
    }
    handler.cdataBlock = handler.characters
    let context = Unmanaged.passUnretained(collector).toOpaque()
    guard
      let parser = htmlCreatePushParserCtxt(&handler, context, nil, 0, nil, XML_CHAR_ENCODING_UTF8)
    else { return }
    defer { htmlFreeParserCtxt(parser) }
    let options =
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
    htmlCtxtUseOptions(parser, Int32(options))
    collector.lineSource = { Int(parser.pointee.input?.pointee.line ?? 0) }
    utf8.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        var offset = 0
        while offset < chars.count {
          let count = min(chunkSize, chars.count - offset)
          htmlParseChunk(parser, chars.baseAddress.map { $0 + offset }, Int32(count), 0)
          offset += count
        }
        htmlParseChunk(parser, nil, 0, 1)
      }
    }
    collector.lineSource = nil
  }
}

/// The state between SAX events: the folder path, the link being read and its `<DD>`.
///
/// Inside a `<DD>` an `<A>` is part of the note (Shaarli writes a thumbnail link there), not
/// a bookmark: its text goes into the note, or its address when it has no text. A `<DT>`,
/// `<H3>` or `<DL>` ends a `<DD>` left open, so the next `<DT><A>` is a bookmark again, as
/// is an `<A>` with `ADD_DATE` or `TAGS` even without its `<DT>`.
final class NetscapeCollector {
  private let each: (NetscapeItem) -> Void
  var lineSource: (() -> Int)?
  /// One element per open `<DL>`: whether it added a folder to `named` (a list with a name,
  /// within the cap), so its end removes exactly what its start added.
  private var lists: [Bool] = []
  /// The named folders the next link is in, outermost first, and whether each is the browser's.
  ///
  /// Kept as the lists open and close, so a link costs the same at any depth: rebuilding it
  /// per link made a file nested n deep cost n² (20,000 levels: 32 s).
  private var named: [(name: String, system: Bool)] = []
  private var pendingFolder: (name: String, system: Bool)?
  private var folderText: String?
  private var folderSystem = false
  private var item: NetscapeItem?
  private var inLink = false
  private var inNote = false
  /// The address of an `<A>` inside the note, and whether it has shown any text yet.
  private var noteLink: (href: String, hasText: Bool)?
  /// The text of the last `<H1>`: Pocket's export names its sections so (`Unread`).
  private var section: String?
  private var sectionText: String?

  init(each: @escaping (NetscapeItem) -> Void) {
    self.each = each
  }

  /// Blocks that end a line inside a `<DD>` note.
  private static let lineBreaks: Set<String> = ["br", "p", "div", "li", "tr", "blockquote"]

  func start(_ name: String, attributes: [String: String]) {
    switch name {
    // One with a bookmark's own attributes is the next bookmark after a `<DD>` left open
    // and a `<DT>` left out.
    case "a" where inNote && attributes["add_date"] == nil && attributes["tags"] == nil:
      noteLink = (attributes["href"] ?? "", false)
    case "a":
      finishItem()
      pendingFolder = nil
      item = NetscapeItem(
        href: attributes["href"] ?? "", title: "", folders: named.map(\.name),
        attributes: attributes,
        systemFolders: Set(named.indices.filter { named[$0].system }),
        section: section, line: lineSource?() ?? 0)
      inLink = true
    case "h1" where !inNote:
      finishItem()
      sectionText = ""
    case "dd":
      // An `<A>` left open ends here: what follows is the note, not more title.
      inLink = false
      if item != nil { inNote = true }
    case "h3":
      finishItem()
      folderText = ""
      folderSystem =
        attributes["personal_toolbar_folder"] == "true"
        || attributes["unfiled_bookmarks_folder"] == "true"
    case "dl":
      finishItem()
      if let folder = pendingFolder, named.count < NetscapeReader.keptFolders {
        named.append(folder)
        lists.append(true)
      } else {
        lists.append(false)
      }
      pendingFolder = nil
    case "dt":
      finishItem()
    default:
      if inNote && NetscapeCollector.lineBreaks.contains(name) { item?.description += "\n" }
    }
  }

  func end(_ name: String) {
    switch name {
    case "a" where noteLink != nil:
      if let link = noteLink, !link.hasText, !link.href.isEmpty {
        item?.description += link.href
      }
      noteLink = nil
    case "a":
      inLink = false
    case "h1":
      if let text = sectionText { section = NetscapeItem.oneLineText(text) }
      sectionText = nil
    case "h3":
      if let text = folderText {
        pendingFolder = (NetscapeItem.oneLineText(text), folderSystem)
      }
      folderText = nil
    case "dd":
      finishItem()
    case "dl":
      finishItem()
      if lists.popLast() == true { named.removeLast() }
    default:
      if inNote && NetscapeCollector.lineBreaks.contains(name) && name != "br" {
        item?.description += "\n"
      }
    }
  }

  func text(_ text: String) {
    if let folder = folderText {
      folderText = folder + text
    } else if let heading = sectionText {
      sectionText = heading + text
    } else if inLink {
      item?.title += text
    } else if inNote {
      item?.description += text
      if noteLink != nil && text.contains(where: { !$0.isWhitespace }) { noteLink?.hasText = true }
    }
  }

  /// Hands the link read so far (with its note) to the caller.
  func finishItem() {
    inLink = false
    inNote = false
    noteLink = nil
    if let item { each(item) }
    item = nil
  }
}
