/// The `userinfo@host:port` part of a hierarchical URL, split but not yet normalised.
struct Authority {
  var userinfo: Substring?
  var host: Substring
  var port: Substring?

  /// Splits at the last `@` (a password may hold one) and at the port's `:`.
  init(_ text: Substring) {
    var rest = text
    if let at = text.lastDelimiter("@") {
      userinfo = text[..<at]
      rest = text.after(delimiterAt: at)
    }
    if rest.startsWithDelimiters("[") {
      guard let close = rest.firstDelimiter(in: "]") else {
        host = rest
        return
      }
      let afterHost = rest.after(delimiterAt: close)
      host = rest[..<afterHost.startIndex]
      port = afterHost.isEmpty ? nil : afterHost.droppingDelimiters(1)
      // Anything but `:port` after `]` is glued to the host, which then fails its check.
      if !afterHost.isEmpty, !afterHost.startsWithDelimiters(":") {
        host = rest
        port = nil
      }
    } else if let colon = rest.firstDelimiter(in: ":") {
      host = rest[..<colon]
      port = rest.after(delimiterAt: colon)
    } else {
      host = rest
    }
  }

  /// `user[:password]@` in canonical escapes, or empty when there is neither.
  func normalizedUserinfo() -> String {
    guard let userinfo else { return "" }
    let user: Substring
    var password: Substring?
    if let colon = userinfo.firstDelimiter(in: ":") {
      user = userinfo[..<colon]
      password = userinfo.after(delimiterAt: colon)
    } else {
      user = userinfo
    }
    if password?.isEmpty == true { password = nil }
    if user.isEmpty, password == nil { return "" }
    var result = PercentEncoding.canonical(user, for: .userinfo)
    if let password {
      result += ":" + PercentEncoding.canonical(password, for: .userinfo)
    }
    return result + "@"
  }

  /// `:port` without leading zeros, or empty for no port or the scheme's default one.
  func normalizedPort(scheme: String, url: String) throws(URLInputError) -> String {
    guard let port, !port.isEmpty else { return "" }
    let invalid = URLInputError.invalidPort(port: String(port), url: url)
    guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw invalid }
    let digits = port.drop { $0 == "0" }
    guard digits.count <= 5, let value = Int(digits.isEmpty ? "0" : digits), value <= 65535
    else { throw invalid }
    return Authority.defaultPorts[scheme] == value ? "" : ":\(value)"
  }

  /// Ports that are implied by the scheme and so never stored.
  static let defaultPorts: [String: Int] = [
    "http": 80, "https": 443, "ftp": 21, "ws": 80, "wss": 443,
  ]
}
