import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// `refresh` caches each page's image for the web app under .holder/local/thumbnails/ (from a
/// site on 127.0.0.1): once, never committed, and never an SVG.
@Suite struct RefreshThumbnailTests {
  static let png = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    ) ?? Data())

  @Test func cachesThePageImageOnceAndNeverAnSVG() throws {
    let server = try TestHTTPServer { request in
      func page(_ image: String) -> TestHTTPServer.Response {
        .send(
          status: 200, headers: ["Content-Type": "text/html"],
          body: Array(
            "<html><head><title>P</title><meta property=og:image content=\"\(image)\"></head></html>"
              .utf8))
      }
      switch request.target {
      case "/a": return page("/pic.png")
      case "/b": return page("/evil.svg")
      case "/pic.png":
        return .send(status: 200, headers: ["Content-Type": "image/png"], body: Self.png)
      case "/evil.svg":
        return .send(
          status: 200, headers: ["Content-Type": "image/svg+xml"],
          body: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>1</script></svg>".utf8))
      default: return .send(status: 404, headers: [:], body: [])
      }
    }
    defer { server.stop() }
    let fixture = try StoreFixture()
    let a = try fixture.add(server.baseURL + "/a")
    let b = try fixture.add(server.baseURL + "/b")
    let fetcher = PageFetcher(allowingLoopback: true)
    _ = try fixture.store.refreshMetadata(fixture.store.snapshot().bookmarks, fetcher: fetcher)
    let cache = ThumbnailCache(storeRoot: fixture.root)
    let image = try #require(cache.cached(a.bookmark.id, source: server.baseURL + "/pic.png"))
    #expect(image.bytes == Self.png && image.kind == .png)
    #expect(cache.cached(b.bookmark.id, source: server.baseURL + "/evil.svg") == nil)
    #expect(try fixture.status() == "")
    // A second refresh finds it cached.
    _ = try fixture.store.refreshMetadata(fixture.store.snapshot().bookmarks, fetcher: fetcher)
    #expect(server.received.filter { $0.target == "/pic.png" }.count == 1)
  }
}
