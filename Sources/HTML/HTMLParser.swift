import CLibXML2
import HolderCore

/// libxml2's forgiving HTML parser, handing back a Swift value tree.
///
/// The only importer of `CLibXML2`: documents are freed before `parse` returns and no
/// pointer leaves this file (DESIGN §3).
public enum HTMLParser {
  /// Parses HTML text (already decoded) into a tree whose root is named `#document`.
  ///
  /// Broken markup is repaired the way libxml2 does it (implied `html`, `head` and `body`,
  /// unclosed elements closed); entities in text and attribute values are decoded. The
  /// parser never reaches the network and prints nothing.
  public static func parse(_ text: String) -> HTMLElement {
    initializeOnce()
    holder_xml_silence()
    let bytes = Array(text.utf8)
    let root = HTMLElement(name: "#document")
    guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return root }
    let options =
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", Int32(options))
      }
    }
    guard let document else { return root }
    defer { xmlFreeDoc(document) }
    return HTMLElement(
      name: "#document", children: nodes(from: document.pointee.children, depth: 0))
  }

  /// Elements nested deeper than this are left out, so a hostile page cannot exhaust the
  /// stack of the thread that copies the tree; real pages and bookmark files stay far below.
  public static let maximumDepth = 512

  /// libxml2 wants one global initialisation before parsing on several threads.
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  private static func initializeOnce() {
    _ = initialized
  }

  /// Copies a sibling list (elements and text; comments and the like are dropped).
  private static func nodes(from first: xmlNodePtr?, depth: Int) -> [HTMLNode] {
    var result: [HTMLNode] = []
    guard depth < maximumDepth else { return result }
    var cursor = first
    while let node = cursor {
      switch node.pointee.type {
      case XML_ELEMENT_NODE:
        result.append(.element(element(from: node, depth: depth)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = node.pointee.content {
          result.append(.text(String(cString: content)))
        }
      default:
        break
      }
      cursor = node.pointee.next
    }
    return result
  }

  private static func element(from node: xmlNodePtr, depth: Int) -> HTMLElement {
    let name = node.pointee.name.map { String(cString: $0) } ?? ""
    var attributes: [HTMLAttribute] = []
    var property = node.pointee.properties
    while let attribute = property {
      let attributeName = attribute.pointee.name.map { String(cString: $0) } ?? ""
      var value = ""
      if let text = xmlNodeListGetString(node.pointee.doc, attribute.pointee.children, 1) {
        value = String(cString: text)
        holder_xml_free(text)
      }
      attributes.append(HTMLAttribute(name: attributeName.lowercased(), value: value))
      property = attribute.pointee.next
    }
    return HTMLElement(
      name: name.lowercased(), attributes: attributes,
      children: nodes(from: node.pointee.children, depth: depth + 1))
  }
}
