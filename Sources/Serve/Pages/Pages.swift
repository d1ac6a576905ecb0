// The pages' answers (markup from Pages/Render, in the reader's language) and the static files
// (style, script, and the installable app's shell: manifest, service worker, icons), which are
// built into the program (Pages/Static), so the app needs no files beside it.
import Hummingbird

struct Pages: Sendable {
  /// A file built into the program, with the type it is served as.
  struct Asset: Sendable {
    let bytes: ByteBuffer
    let type: String

    init(_ bytes: [UInt8], type: String) {
      self.bytes = ByteBuffer(bytes: bytes)
      self.type = type
    }
  }

  let styles: ByteBuffer
  let script: ByteBuffer
  /// The installable app's files by the path they are served at.
  let shell: [String: Asset]

  static func load() -> Pages {
    let png = "image/png"
    return Pages(
      styles: ByteBuffer(bytes: PackageResources.app_css),
      script: ByteBuffer(bytes: PackageResources.app_js),
      shell: [
        "/manifest.webmanifest": Asset(
          PackageResources.manifest_webmanifest, type: "application/manifest+json"),
        "/sw.js": Asset(PackageResources.sw_js, type: "text/javascript; charset=utf-8"),
        "/static/icons/icon.svg": Asset(PackageResources.icon_svg, type: "image/svg+xml"),
        "/static/icons/icon-32.png": Asset(PackageResources.icon_32_png, type: png),
        "/static/icons/icon-180.png": Asset(PackageResources.icon_180_png, type: png),
        "/static/icons/icon-192.png": Asset(PackageResources.icon_192_png, type: png),
        "/static/icons/icon-512.png": Asset(PackageResources.icon_512_png, type: png),
        "/static/icons/icon-maskable-512.png": Asset(
          PackageResources.icon_maskable_512_png, type: png),
        // Asked for by browsers that read no <link rel=icon>; every one of them shows a PNG.
        "/favicon.ico": Asset(PackageResources.icon_32_png, type: png),
      ])
  }

  /// `page` as an HTML answer.
  func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: page.markup)))
  }
}
