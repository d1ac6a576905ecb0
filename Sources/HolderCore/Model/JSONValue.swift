/// A JSON value as read from a file, lossless enough to write back unknown fields.
///
/// Numbers keep the text they were written with (`1.50` stays `1.50`), and an
/// object keeps its members in file order; the canonical writer sorts keys of
/// unknown objects by Unicode scalar order.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// The number exactly as written in the file.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in file order; keys are unique (the reader refuses duplicates).
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      // Member order is not meaning: the writer sorts them. Keys compare as
      // Swift strings do, by canonical equivalence, as the reader's duplicate
      // check and the writer's NFC do.
      guard a.count == b.count else { return false }
      let membersA = Dictionary(a, uniquingKeysWith: { first, _ in first })
      let membersB = Dictionary(b, uniquingKeysWith: { first, _ in first })
      return membersA == membersB
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let text): hasher.combine(text)
    case .string(let text): hasher.combine(text)
    case .array(let values): hasher.combine(values)
    case .object(let members): hasher.combine(members.count)
    }
  }
}
