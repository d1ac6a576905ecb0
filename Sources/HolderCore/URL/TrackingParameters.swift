/// The query parameters that only tell a site where a click came from, dropped on save.
///
/// The list is fixed and documented, because changing it changes stored URLs and so file
/// paths (DESIGN §1: a format version bump). Keys match case-sensitively after decoding.
enum TrackingParameters {
  /// Keys dropped exactly; any key starting with `utm_` is dropped too.
  static let names: Set<String> = [
    "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid", "yclid",
    "igshid", "_ga", "_gl", "twclid", "ttclid",
  ]

  /// True when the (decoded) key names a tracking parameter.
  static func isTracking(key: String) -> Bool {
    key.hasPrefix("utm_") || names.contains(key)
  }

  /// `query` (without `?`) without its tracking parameters, the others in their order.
  static func removing(from query: String) -> String {
    query.split(separator: "&", omittingEmptySubsequences: false)
      .filter { parameter in
        let key = parameter.prefix { $0 != "=" }
        return !isTracking(key: PercentEncoding.decoded(key))
      }
      .joined(separator: "&")
  }
}
