#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the host of a URL into its stored form: lowercase ASCII, IDNA, or an IP address.
///
/// ### Algorithm
/// An IPv6 literal (`[…]`) is checked and lower-cased. Anything else is percent-decoded,
/// mapped with NFKC (which also turns full-width dots into `.`), lower-cased and checked for
/// characters no host may have. A host whose last label is a number is an IPv4 address and
/// is written in dotted decimal. Every other label that is not ASCII becomes `xn--` and its
/// Punycode; ASCII labels, `xn--` ones included, are kept as they are.
enum HostNormalizer {
  /// The stored form of `raw`, which may be empty; `url` is for the error message.
  static func normalize(_ raw: String, url: String) throws(URLInputError) -> String {
    let invalid = URLInputError.invalidHost(host: raw, url: url)
    let scalars = raw.unicodeScalars
    if scalars.first == "[" {
      guard scalars.last == "]", scalars.count > 2 else { throw invalid }
      let address = String(String.UnicodeScalarView(scalars.dropFirst().dropLast())).lowercased()
      guard IPv6Address.isValid(address) else { throw invalid }
      return "[\(address)]"
    }
    let decodedBytes = PercentEncoding.decodedBytes(raw)
    guard let decoded = String(validating: decodedBytes, as: UTF8.self) else { throw invalid }
    let mapped = Self.mapped(decoded)
    guard mapped.unicodeScalars.allSatisfy(isAllowed) else { throw invalid }
    if mapped.isEmpty { return "" }

    var labels = mapped[...].splitAtDelimiter(".")
    let trailingDot = labels.count > 1 && labels.last == ""
    if trailingDot { labels.removeLast() }
    guard labels.allSatisfy({ !$0.isEmpty }) else { throw invalid }

    if let last = labels.last, IPv4Address.endsInNumber(last) {
      guard let address = IPv4Address.canonical(labels) else { throw invalid }
      return address
    }
    var result: [String] = []
    for label in labels {
      if label.allSatisfy(\.isASCII) {
        result.append(String(label))
      } else {
        guard let encoded = Punycode.encode(String(label)) else { throw invalid }
        result.append("xn--" + encoded)
      }
    }
    return result.joined(separator: ".") + (trailingDot ? "." : "")
  }

  /// `decoded` mapped with NFKC, its ideographic full stops made dots, lower-cased.
  static func mapped(_ decoded: String) -> String {
    // ASCII is its own NFKC and holds no ideographic full stop: only the case changes.
    if decoded.utf8.allSatisfy({ $0 < 0x80 }) { return decoded.lowercased() }
    return decoded.nfkc.replacing("\u{3002}", with: ".").lowercased()
  }

  /// The host shown to people: `xn--` labels in Unicode when they decode cleanly.
  ///
  /// A label is shown decoded only when normalising the Unicode gives the label back, so
  /// what people see and copy is the same host, and a decoded `.` or `/` cannot fake one.
  static func readable(_ host: Substring) -> String {
    guard !host.hasPrefix("[") else { return String(host) }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { label in
      guard label.hasPrefix("xn--"), let unicode = Punycode.decode(String(label.dropFirst(4))),
        !unicode.allSatisfy(\.isASCII),
        unicode.unicodeScalars.allSatisfy(PercentEncoding.isShownDecoded),
        (try? normalize(unicode, url: "")) == String(label)
      else { return String(label) }
      return unicode
    }
    return labels.joined(separator: ".")
  }

  /// False for what WHATWG calls forbidden domain code points, and for any space or control.
  private static func isAllowed(_ scalar: UnicodeScalar) -> Bool {
    if scalar.isASCII {
      return scalar.value > 0x20 && scalar.value != 0x7F
        && !"#%/:<>?@[\\]^|".unicodeScalars
          .contains(scalar)
    }
    switch scalar.properties.generalCategory {
    case .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate:
      return false
    default:
      return true
    }
  }
}
