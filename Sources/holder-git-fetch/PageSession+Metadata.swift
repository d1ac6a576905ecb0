import FetchProtocol
import HTML
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PageSession {
  /// Fetches `url` and reads what the page says about itself, all within `timeout` seconds.
  ///
  /// The page is decoded by its declared or sniffed character set and parsed by libxml2;
  /// when it links no icon, `/favicon.ico` is asked for in the time left and kept when it
  /// answers with something that is not a page. A body that is not HTML gives no facts, and
  /// `holder-git` records only when it fetched it.
  func facts(for url: String, timeout: Double) -> Result<PageFacts, FetchError> {
    let start = Date()
    let page: FetchedPage
    switch fetch(url, timeout: timeout) {
    case .failure(let error): return .failure(error)
    case .success(let fetched): page = fetched
    }
    let type = page.contentType?.lowercased() ?? "text/html"
    // firstRange, not contains: Foundation's StringProtocol.contains is what the compiler
    // would pick, and it brings ICU along.
    guard
      type.firstRange(of: "html") != nil || type.firstRange(of: "xml") != nil
        || type.hasPrefix("text/plain")
    else {
      return .success(PageFacts())
    }
    let html = HTMLPage(bytes: page.body, contentType: page.contentType)
    let found = MetadataExtractor.extract(from: html.document, pageURL: page.url)
    var icon = found.icons.first
    if icon == nil, let fallback = found.fallbackIcon,
      hasIcon(at: fallback, timeout: timeout - Date().timeIntervalSince(start))
    {
      icon = fallback
    }
    return .success(
      PageFacts(
        title: found.title, description: found.description, image: found.image, icon: icon))
  }

  /// True when `url` answers with something that is not a page; asked once per session.
  private func hasIcon(at url: String, timeout: Double) -> Bool {
    if let known = favicons.answer(for: url) { return known }
    guard timeout > 0.05 else { return false }
    switch fetch(url, timeout: timeout, limit: 65536) {
    case .success(let answer):
      let isIcon = answer.contentType?.lowercased().firstRange(of: "html") == nil
      favicons.remember(isIcon, for: url)
      return isIcon
    case .failure(.httpStatus):
      favicons.remember(false, for: url)
      return false
    case .failure:
      // A timeout or a dropped connection says nothing lasting: ask again next time.
      return false
    }
  }
}
