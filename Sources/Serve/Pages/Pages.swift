// The pages' answers (markup from Pages/Render, in the reader's language) and the two static
// files, which are built into the program (Pages/Static), so the app needs no files beside it.
import Hummingbird

struct Pages: Sendable {
  let styles: ByteBuffer
  let script: ByteBuffer

  static func load() -> Pages {
    Pages(
      styles: ByteBuffer(bytes: PackageResources.app_css),
      script: ByteBuffer(bytes: PackageResources.app_js))
  }

  /// `page` as an HTML answer.
  func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: page.markup)))
  }
}
