// `/thumb/ID`: a card's thumbnail, served by the app itself (the page never loads an image
// from another site): the cached or freshly fetched page image or icon, else a placeholder
// drawn from the host (an SVG the app writes, its one letter escaped).
import HolderCore
import HolderKit
import Hummingbird

extension App {
  func addThumbnailRoutes(to router: Router<AppRequestContext>) {
    router.get("/thumb/:id") { _, context in
      guard let id = App.id(context), let located = await self.library.bookmark(id) else {
        return await self.notFound()
      }
      var response: Response
      if let image = await self.thumbnails.image(for: located.bookmark) {
        response = Response(
          status: .ok, headers: [.contentType: image.kind.mediaType],
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
      } else {
        response = Response(
          status: .ok, headers: [.contentType: "image/svg+xml"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: App.placeholder(located.bookmark))))
      }
      // The address names the bookmark, not the image: a refresh may find a new one.
      response.headers[.cacheControl] = "private, max-age=300"
      return response
    }
  }

  /// The placeholder as the card draws it: the host's first letter on its colour.
  static func placeholder(_ bookmark: Bookmark) -> String {
    let card = CardView(LocatedBookmark(path: "", bookmark: bookmark), query: nil, thumbnail: nil)
    let colours = [
      "#c0392b", "#d35400", "#b7950b", "#27ae60", "#16a085", "#2980b9", "#8e44ad", "#2c3e50",
      "#7f8c8d", "#a04000", "#1e8449", "#5b2c6f",
    ]
    let letter = card.initial.replacing("&", with: "&amp;")
      .replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="112" height="112" viewBox="0 0 112 112">\
      <rect width="112" height="112" fill="\(colours[card.hue % colours.count])"/>\
      <text x="56" y="56" dy="0.35em" text-anchor="middle" font-family="sans-serif" \
      font-size="48" font-weight="700" fill="#fff">\(letter)</text></svg>
      """
  }
}
