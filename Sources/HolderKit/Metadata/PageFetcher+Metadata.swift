import Foundation
import HTML
import HolderCore

extension PageFetcher {
  /// Fetches `url` and reads what the page says about itself, all within `timeout` seconds.
  ///
  /// The page is decoded by its declared or sniffed character set and parsed by libxml2;
  /// when it links no icon, `/favicon.ico` is asked for in the time left and kept when it
  /// answers with something that is not a page. A body that is not HTML gives metadata with
  /// only `fetched` set.
  public func metadata(
    for url: String, timeout: Double, now: @Sendable () -> Timestamp
  ) -> Result<PageMetadata, FetchError> {
    let start = Date()
    let page: FetchedPage
    switch fetch(url, timeout: timeout) {
    case .failure(let error): return .failure(error)
    case .success(let fetched): page = fetched
    }
    let type = page.contentType?.lowercased() ?? "text/html"
    guard type.contains("html") || type.contains("xml") || type.hasPrefix("text/plain") else {
      return .success(PageMetadata(fetched: now()))
    }
    let html = HTMLPage(bytes: page.body, contentType: page.contentType)
    let found = MetadataExtractor.extract(from: html.document, pageURL: page.url)
    var icon = found.icons.first
    let left = timeout - Date().timeIntervalSince(start)
    if icon == nil, let fallback = found.fallbackIcon, left > 0.05,
      case .success(let answer) = fetch(fallback, timeout: left, limit: 65536),
      !(answer.contentType?.lowercased().contains("html") ?? false)
    {
      icon = fallback
    }
    return .success(
      PageMetadata(
        title: found.title, description: found.description, image: found.image, icon: icon,
        fetched: now()))
  }
}
