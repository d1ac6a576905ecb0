/// One node of a parsed HTML document: an element or a run of text.
///
/// The tree is a plain value made by the `HTML` module from libxml2's parser,
/// so pure code (page metadata, bookmark files) reads HTML without C pointers.
public enum HTMLNode: Hashable, Sendable {
  /// An element with its name, attributes and children.
  case element(HTMLElement)
  /// Text, with entities already decoded.
  case text(String)
}
