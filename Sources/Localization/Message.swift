#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sentence before it is put into a language.
///
/// It holds the English text with `%@` for each value (the key the catalogs translate), and
/// the values. Written as an interpolated literal,
/// `Message("Added \"\(title)\"")`, so code reads as the English it prints; the catalog test
/// finds every such literal in the sources. Pure, so the library can return messages that the
/// command line (or the web app) renders in its reader's language.
public struct Message: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible
{
  /// The English text with `%@` for each value and `%%` for a percent sign.
  public var key: String
  /// The values, in the order they appear in the English text.
  public var arguments: [String]

  public init(key: String, arguments: [String]) {
    self.key = key
    self.arguments = arguments
  }

  /// The literal itself: lets library code mark its sentences for the catalog test.
  public init(_ message: Message) { self = message }

  public init(stringLiteral value: String) {
    self.init(key: Self.escaped(value), arguments: [])
  }

  public init(stringInterpolation: Interpolation) {
    self.init(key: stringInterpolation.key, arguments: stringInterpolation.arguments)
  }

  /// The sentence in English, the key language (no catalog read).
  public var english: String { Self.render(key, arguments) }

  public var description: String { english }

  /// Builds the key and the values of an interpolated literal.
  public struct Interpolation: StringInterpolationProtocol {
    var key = ""
    var arguments: [String] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      key.reserveCapacity(literalCapacity + 2 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) { key += Message.escaped(literal) }

    public mutating func appendInterpolation(_ value: some Any) {
      key += "%@"
      arguments.append(String(describing: value))
    }
  }

  /// `format` with `%@` (in turn) or `%1$@` (by place) replaced by `arguments`, `%%` by `%`.
  public static func render(_ format: String, _ arguments: [String]) -> String {
    // A byte search: `contains("%")` resolves to Foundation's, which every command paid for
    // in each of its help texts before it parsed an argument.
    guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
    var out = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      out += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        out += "%"
        rest = rest.dropFirst()
      } else if rest.first == "@" {
        out += next < arguments.count ? arguments[next] : ""
        next += 1
        rest = rest.dropFirst()
      } else if let dollar = rest.firstIndex(of: "$"), let place = Int(rest[..<dollar]),
        rest[rest.index(after: dollar)...].first == "@"
      {
        out += place >= 1 && place <= arguments.count ? arguments[place - 1] : ""
        rest = rest[rest.index(dollar, offsetBy: 2)...]
      } else {
        out += "%"
      }
    }
    return out + rest
  }

  static func escaped(_ literal: String) -> String {
    literal.utf8.contains(UInt8(ascii: "%"))
      ? literal.replacing("%", with: "%%") : literal
  }
}
