import Foundation

extension TestHTTPServer {
  /// A server with the answers the metadata tests need.
  ///
  /// - `/pages/NAME`: `Tests/Fixtures/pages/NAME` as `text/html` with no charset, or with the
  ///   `Content-Type` given as `?type=…` (percent-encoded); `/NAME.html` is a short form.
  /// - `/redirect/N`: N redirects, then `full.html`; `/loop/a` ↔ `/loop/b` redirect forever.
  /// - `/status/CODE`: that status with a small page.
  /// - `/hang`: never answers; `/slow/MS/REST`: answers `/REST` after MS milliseconds.
  /// - `/huge`: a 3 MB page whose title is at the top.
  /// - `/many/N`: a generated page titled `Page N`.
  /// - `/favicon.ico`: a small icon when `favicon` is true, else 404.
  public static func fixtureSite(favicon: Bool = true) throws -> TestHTTPServer {
    try TestHTTPServer { request in
      route(request.target, favicon: favicon)
    }
  }

  private static func html(_ body: [UInt8], type: String = "text/html") -> Response {
    .send(status: 200, headers: ["Content-Type": type], body: body)
  }

  private static func redirect(_ location: String) -> Response {
    .send(status: 302, headers: ["Location": location], body: Array("moved".utf8))
  }

  private static func route(_ target: String, favicon: Bool) -> Response {
    let pathAndQuery = target.split(separator: "?", maxSplits: 1).map(String.init)
    let path = pathAndQuery[0]
    let query = pathAndQuery.count > 1 ? pathAndQuery[1] : ""
    var type = "text/html"
    for pair in query.split(separator: "&") where pair.hasPrefix("type=") {
      type = String(pair.dropFirst(5)).removingPercentEncoding ?? type
    }
    let segments = path.split(separator: "/").map(String.init)
    switch segments.first {
    case "pages" where segments.count == 2:
      return file(segments[1], type: type)
    case "redirect" where segments.count == 2:
      let left = Int(segments[1]) ?? 0
      return redirect(left > 1 ? "/redirect/\(left - 1)" : "/pages/full.html")
    case "loop" where segments.count == 2:
      return redirect(segments[1] == "a" ? "/loop/b" : "/loop/a")
    case "status" where segments.count == 2:
      let status = Int(segments[1]) ?? 500
      return .send(
        status: status, headers: ["Content-Type": "text/html"],
        body: Array("<title>Error \(status)</title>".utf8))
    case "hang":
      return .hang
    case "slow" where segments.count >= 3:
      let rest = "/" + segments.dropFirst(2).joined(separator: "/")
      return .delayed(milliseconds: Int(segments[1]) ?? 0, route(rest, favicon: favicon))
    case "huge":
      let head = Array("<html><head><title>Huge page</title></head><body>".utf8)
      return html(head + [UInt8](repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024))
    case "many" where segments.count == 2:
      return html(
        Array(
          """
          <html><head><title>Page \(segments[1])</title>
          <meta property="og:image" content="/img/\(segments[1]).png"></head></html>
          """.utf8))
    case "favicon.ico":
      guard favicon else { return .send(status: 404, headers: [:], body: []) }
      return .send(status: 200, headers: ["Content-Type": "image/x-icon"], body: [0, 0, 1, 0])
    case let name? where segments.count == 1 && name.hasSuffix(".html"):
      return file(name, type: type)
    default:
      return .send(status: 404, headers: ["Content-Type": "text/html"], body: [])
    }
  }

  private static func file(_ name: String, type: String) -> Response {
    guard !name.contains(".."), let bytes = try? FixturePages.bytes(name) else {
      return .send(status: 404, headers: [:], body: [])
    }
    return html(bytes, type: type)
  }
}
