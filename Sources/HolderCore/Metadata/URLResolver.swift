#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Resolves a reference found in a page (`../img/a.png`, `//cdn.example/x`) against a base.
enum URLResolver {
  /// The absolute URL `reference` names when read on the page at `base` (RFC 3986 §5).
  static func resolve(_ reference: String, against base: String) -> String? {
    guard !reference.isEmpty, let baseURL = URL(string: base),
      let resolved = URL(string: reference, relativeTo: baseURL)
    else { return nil }
    return resolved.absoluteURL.absoluteString
  }

  /// Like `resolve`, normalised, and only when the result is an http or https URL.
  static func resolveWeb(_ reference: String, against base: String) -> String? {
    guard let resolved = resolve(reference, against: base),
      let normalized = try? URLNormalizer.normalize(resolved),
      normalized.hasPrefix("https://") || normalized.hasPrefix("http://")
    else { return nil }
    return normalized
  }
}
