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
    _ value: JSONValue, parent: [JSONPathComponent], key: JSONPathComponent?, name: String
  ) throws(JSONContentError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else {
      throw wrongType("an object", parent: parent, key: key, name: name)
    }
    return members
  }

  static func string(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> String
  {
    guard case .string(let text) = value else {
      throw wrongType("a string", parent: parent, key: .key(key), name: name)
    }
    return text
  }

  static func bool(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> Bool
  {
    guard case .bool(let flag) = value else {
      throw wrongType("true or false", parent: parent, key: .key(key), name: name)
    }
    return flag
  }

  static func timestamp(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> Timestamp
  {
    guard case .string(let text) = value, let timestamp = Timestamp(rfc3339: text) else {
      throw wrongType("an RFC 3339 date-time", parent: parent, key: .key(key), name: name)
    }
    return timestamp
  }

  /// An array of valid tag paths (see `TagPath`), in file order.
  static func tags(_ value: JSONValue, parent: [JSONPathComponent], key: String, name: String)
    throws(JSONContentError) -> [String]
  {
    let expectation = "an array of tag strings"
    guard case .array(let elements) = value else {
      throw wrongType(expectation, parent: parent, key: .key(key), name: name)
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
        path: path(), message: "expected a tag string for \(JSONReader.quoted(name))")
    }
    do {
      try TagPath.validate(tag)
    } catch {
      throw JSONContentError(
        path: path(), message: "invalid tag \(JSONReader.quoted(tag)): \(error.reason)")
    }
    return tag
  }

  static func wrongType(
    _ expectation: String, parent: [JSONPathComponent], key: JSONPathComponent?, name: String
  ) -> JSONContentError {
    // A key's name is quoted; the whole document is named in words.
    JSONContentError(
      path: parent + (key.map { [$0] } ?? []),
      message: "expected \(expectation) for \(key == nil ? name : JSONReader.quoted(name))")
  }

  /// A missing key, placed at the object that should hold it.
  static func missing(_ name: String, in object: [JSONPathComponent]) -> JSONContentError {
    JSONContentError(path: object, message: "missing key \(JSONReader.quoted(name))")
  }
}
