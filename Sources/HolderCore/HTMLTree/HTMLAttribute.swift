/// One attribute of an HTML element.
public struct HTMLAttribute: Hashable, Sendable {
  /// The attribute's name in lower case.
  public var name: String
  /// The value with entities decoded; empty for an attribute written without one.
  public var value: String

  /// Makes an attribute.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
