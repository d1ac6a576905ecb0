import Foundation

// The JSON the WebDriver wire carries, as one Sendable value: what commands send, what they
// answer and what a page's script returns. Owns conversion to and from JSONSerialization only.
// Not HolderCore's JSONValue, which keeps a store file's number text and member order.

/// A JSON value: the body of a WebDriver command or answer, or a script's return value.
public enum WebDriverJSON: Sendable, Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([WebDriverJSON])
  case object([String: WebDriverJSON])

  /// The string, or nil for any other kind.
  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The boolean, or nil for any other kind.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The number, or nil for any other kind.
  public var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The elements, or nil for any other kind.
  public var array: [WebDriverJSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, or nil for any other kind.
  public var object: [String: WebDriverJSON]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// True for `null` (what a script's `undefined` arrives as).
  public var isNull: Bool { self == .null }

  /// The member `key` of an object; `null` when absent or not an object.
  public subscript(key: String) -> WebDriverJSON {
    object?[key] ?? .null
  }

  /// Compact JSON text, for messages.
  public var description: String {
    String(decoding: (try? encoded()) ?? Data(), as: UTF8.self)
  }

  /// The value from JSON text.
  public init(parsing bytes: Data) throws {
    self = Self(any: try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]))
  }

  /// The value as UTF-8 JSON text.
  public func encoded() throws -> Data {
    try JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed, .sortedKeys])
  }

  private init(any: Any) {
    switch any {
    case let value as String: self = .string(value)
    // Foundation hands booleans over as NSNumber too (and `0 as? Bool` succeeds): only the
    // objCType tells them apart.
    case let value as NSNumber where String(cString: value.objCType) == "c":
      self = .bool(value.boolValue)
    case let value as NSNumber: self = .number(value.doubleValue)
    case let value as [Any]: self = .array(value.map(Self.init(any:)))
    case let value as [String: Any]: self = .object(value.mapValues(Self.init(any:)))
    default: self = .null
    }
  }

  private var any: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let value): return value
    case .number(let value):
      return value == value.rounded() && abs(value) < 1e15 ? Int(value) as Any : value
    case .string(let value): return value
    case .array(let values): return values.map(\.any)
    case .object(let members): return members.mapValues(\.any)
    }
  }
}

extension WebDriverJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: WebDriverJSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, WebDriverJSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  public init(nilLiteral: ()) { self = .null }
}
