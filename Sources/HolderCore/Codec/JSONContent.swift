import Localization

/// Typed reads of JSON values for decoders, throwing errors that name the key.
///
/// Each function takes the parent's path and the key, and builds the value's
/// path only when it throws, so a valid file pays nothing for error positions.
enum JSONContent {
  /// Reads `bytes` as one JSON document and makes `make`'s value of it.
  ///
  /// A content error is placed at the line and column of the value it names; `file` names
  /// the input in errors.
  static func decode<Value>(
    _ bytes: [UInt8], file: String, _ make: (JSONValue) throws(JSONContentError) -> Value
  ) throws(CodecError) -> Value {
    let value = try JSONReader.read(bytes, file: file)
    do {
      return try make(value)
    } catch {
      throw error.located(in: bytes, file: file)
    }
  }

  static func object(
    _ value: JSONValue, parent: [JSONPathComponent], key: JSONPathComponent, name: String
  ) throws(JSONContentError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else {
      throw wrongType(.object, parent: parent, key: key, name: name)
    }
    return members
  }

  /// The members of a whole document, which must be an object; `expected` says so otherwise.
  static func document(_ value: JSONValue, else expected: @autoclosure () -> Message)
    throws(JSONContentError) -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = value else {
      throw JSONContentError(path: [], message: expected().english)
    }
    return members
  }

  static func string(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> String
  {
    guard case .string(let text) = value else {
      throw wrongType(.string, parent: parent, key: .key(key), name: name)
    }
    return text
  }

  static func bool(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> Bool
  {
    guard case .bool(let flag) = value else {
      throw wrongType(.bool, parent: parent, key: .key(key), name: name)
    }
    return flag
  }

  static func timestamp(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> Timestamp
  {
    guard case .string(let text) = value, let timestamp = Timestamp(rfc3339: text) else {
      throw wrongType(.timestamp, parent: parent, key: .key(key), name: name)
    }
    return timestamp
  }

  /// An array of valid tag paths (see `TagPath`), in file order.
  static func tags(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> [String]
  {
    guard case .array(let elements) = value else {
      throw wrongType(.tags, parent: parent, key: .key(key), name: name)
    }
    var tags: [String] = []
    tags.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      tags.append(try tag(element, at: { parent + [.key(key), .index(index)] }, name: name))
    }
    return tags
  }

  /// A valid tag path (see `TagPath`).
  static func tag(_ value: JSONValue, at path: () -> [JSONPathComponent], name: String)
    throws(JSONContentError) -> String
  {
    guard case .string(let tag) = value else {
      throw JSONContentError(
        path: path(),
        message: Message("expected a tag string for \(JSONReader.quoted(name))").english)
    }
    do {
      try TagPath.validate(tag)
    } catch {
      throw JSONContentError(
        path: path(),
        message: Message("invalid tag \(JSONReader.quoted(tag)): \(error.reason)").english)
    }
    return tag
  }

  static func wrongType(
    _ kind: Kind, parent: [JSONPathComponent], key: JSONPathComponent, name: String
  ) -> JSONContentError {
    JSONContentError(path: parent + [key], message: kind.expected(for: JSONReader.quoted(name)))
  }

  /// What a value should have been; each kind says its whole sentence, so that a translation
  /// never glues an English fragment into its own words.
  enum Kind {
    case object, string, bool, timestamp, tags, uuid, positiveInteger, renames

    /// The error for a value of `key` (already quoted) that is not of this kind.
    func expected(for key: String) -> String {
      switch self {
      case .object: return Message("expected an object for \(key)").english
      case .string: return Message("expected a string for \(key)").english
      case .bool: return Message("expected true or false for \(key)").english
      case .timestamp: return Message("expected an RFC 3339 date-time for \(key)").english
      case .tags: return Message("expected an array of tag strings for \(key)").english
      case .uuid: return Message("expected a UUID for \(key)").english
      case .positiveInteger: return Message("expected a positive integer for \(key)").english
      case .renames: return Message("expected an array of renames for \(key)").english
      }
    }
  }

  /// A missing key, placed at the object that should hold it.
  static func missing(_ name: String, in object: [JSONPathComponent]) -> JSONContentError {
    JSONContentError(
      path: object, message: Message("missing key \(JSONReader.quoted(name))").english)
  }
}
