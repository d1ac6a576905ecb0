/// An HTML element: a lowercase name, attributes in document order, and children.
public struct HTMLElement: Hashable, Sendable {
  /// The tag name in lower case (`a`, `meta`, `dl`).
  public var name: String
  /// The attributes in document order; names in lower case, values with entities decoded.
  public var attributes: [HTMLAttribute]
  /// The element's children in document order.
  public var children: [HTMLNode]

  /// Makes an element.
  public init(name: String, attributes: [HTMLAttribute] = [], children: [HTMLNode] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The value of the first attribute called `name` (ASCII case-insensitive), if any.
  public func attribute(_ name: String) -> String? {
    let wanted = name.lowercased()
    return attributes.first { $0.name.lowercased() == wanted }?.value
  }

  /// The child elements, skipping text.
  public var elements: [HTMLElement] {
    children.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// Every element below this one named `name`, in document order (depth first).
  public func descendants(named name: String) -> [HTMLElement] {
    var found: [HTMLElement] = []
    var stack = Array(elements.reversed())
    while let element = stack.popLast() {
      if element.name == name { found.append(element) }
      stack.append(contentsOf: element.elements.reversed())
    }
    return found
  }

  /// The first element below this one named `name`, in document order.
  public func firstDescendant(named name: String) -> HTMLElement? {
    var stack = Array(elements.reversed())
    while let element = stack.popLast() {
      if element.name == name { return element }
      stack.append(contentsOf: element.elements.reversed())
    }
    return nil
  }

  /// All the text inside the element, concatenated as written.
  public var text: String {
    var result = ""
    var stack = Array(children.reversed())
    while let node = stack.popLast() {
      switch node {
      case .text(let text): result += text
      case .element(let element): stack.append(contentsOf: element.children.reversed())
      }
    }
    return result
  }
}
