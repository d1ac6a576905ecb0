// The thumbnails the web app shows, cached under `.holder/local/thumbnails/` (never committed:
// `.holder/local/` is in the store's .gitignore): for a bookmark, the page image its fetched
// metadata names, else its icon, fetched once through the fetch helper and kept as bytes, so
// browsing works offline and never loads a third-party image in the page. Only a raster image
// (`ImageKind`) is kept. A file's name is the bookmark's id and a hash of the image's address,
// so a refresh that finds a new image fetches that one. `refresh` fills it too.
import FetchProtocol
import HolderCore

/// A cached image: its bytes and what they are.
public struct CachedImage: Sendable, Equatable {
  public var bytes: [UInt8]
  public var kind: ImageKind
}

public struct ThumbnailCache: Sendable {
  /// The folder under the store root.
  public static let folder = Layout.local + "/thumbnails"
  /// A thumbnail larger than this is not kept.
  public static let maximumBytes = 1 << 20

  public let storeRoot: String

  public init(storeRoot: String) { self.storeRoot = storeRoot }

  /// The addresses to try for `bookmark`'s thumbnail, best first: the page's image, its icon.
  public static func sources(of bookmark: Bookmark) -> [String] {
    sources(of: bookmark.metadata)
  }

  /// The addresses to try for a page with this metadata, best first.
  public static func sources(of metadata: PageMetadata?) -> [String] {
    [metadata?.image, metadata?.icon].compactMap { $0 }.filter { source in
      let scheme = source.prefix { $0 != ":" }.lowercased()
      return scheme == "http" || scheme == "https"
    }
  }

  /// The file name of `source`'s image for the bookmark `id`.
  static func name(_ id: BookmarkID, _ source: String) -> String {
    id.rawValue + "-" + FNV1a.hex(FNV1a.hash(source.utf8))
  }

  /// The image cached for `source`, nil when there is none (or it is not an image any more).
  public func cached(_ id: BookmarkID, source: String) -> CachedImage? {
    guard let folder = try? SafeDirectory(path: storeRoot).directory(Self.folder),
      let bytes = try? folder.readFile(Self.name(id, source)),
      let kind = ImageKind.sniff(bytes)
    else { return nil }
    return CachedImage(bytes: bytes, kind: kind)
  }

  /// Fetches `source` through `fetcher` (blocking, at most `timeout` seconds) and keeps it
  /// when it is an image; nil when it could not be fetched or is not one.
  public func fetch(
    _ id: BookmarkID, source: String, fetcher: PageFetcher, timeout: Double = 10
  ) -> CachedImage? {
    guard
      case .success(let page) = fetcher.fetch(source, timeout: timeout, limit: Self.maximumBytes),
      (200..<300).contains(page.status), !page.truncated,
      let kind = ImageKind.sniff(page.body)
    else { return nil }
    if let folder = try? SafeDirectory(path: storeRoot).directory(Self.folder, create: true) {
      // A cache: a crash may lose the file, which is fetched again.
      try? folder.writeFileAtomically(Self.name(id, source), page.body, durable: false)
    }
    return CachedImage(bytes: page.body, kind: kind)
  }

  /// Makes sure the bookmark `id`'s thumbnail for a page with `metadata` is cached, fetching
  /// the first of its sources that is an image when none is (what `refresh` does, so the web
  /// app shows it without going out).
  func ensure(
    _ id: BookmarkID, metadata: PageMetadata?, fetcher: PageFetcher, timeout: Double
  ) {
    let sources = Self.sources(of: metadata)
    if sources.contains(where: { cached(id, source: $0) != nil }) { return }
    for source in sources
    where fetch(id, source: source, fetcher: fetcher, timeout: timeout) != nil {
      return
    }
  }
}
