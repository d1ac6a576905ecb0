import Testing

// The app's own arguments as `holder-git serve` hands them over: the address a reverse proxy
// serves it at becomes the Host and Origin a browser sends through it, and a half-given
// certificate or a bad address is refused with what to type instead.
@testable import Serve

@Suite struct ServeOptionsTests {
  @Test(arguments: [
    ("https://bookmarks.example.org", "bookmarks.example.org", "https://bookmarks.example.org"),
    ("https://Bookmarks.Example.org/", "bookmarks.example.org", "https://bookmarks.example.org"),
    ("https://bookmarks.example.org:443", "bookmarks.example.org", "https://bookmarks.example.org"),
    ("http://nas.local:4807", "nas.local:4807", "http://nas.local:4807"),
    ("http://[fd00::7]:8080", "[fd00::7]:8080", "http://[fd00::7]:8080"),
  ])
  func aPublicURLIsTheHostAndOriginABrowserSends(_ text: String, host: String, origin: String) {
    let url = PublicURL(text)
    #expect(url?.host == host)
    #expect(url?.origin == origin)
  }

  @Test(arguments: ["bookmarks.example.org", "ftp://example.org", "https://", "https://a.org/x"])
  func anythingElseIsNoPublicURL(_ text: String) {
    #expect(PublicURL(text) == nil)
  }

  @Test func theOptionsSayWhetherOtherMachinesReachTheApp() throws {
    let local = try ServeOptions.parse(["--store", "/s"])
    #expect(!local.isReachableFromOtherMachines)
    #expect(!local.usesTLS)
    let listening = try ServeOptions.parse(["--store", "/s", "--listen", "192.0.2.5"])
    #expect(listening.isReachableFromOtherMachines)
    let proxied = try ServeOptions.parse(["--store", "/s", "--public-url", "https://a.example"])
    #expect(proxied.listen == "127.0.0.1")
    #expect(proxied.isReachableFromOtherMachines)
    #expect(throws: ServeOptions.Problem.self) {
      try ServeOptions.parse(["--store", "/s", "--tls-cert", "cert.pem"])
    }
    #expect(throws: ServeOptions.Problem.self) {
      try ServeOptions.parse(["--store", "/s", "--token", "a long secret phrase"])
    }
  }
}
