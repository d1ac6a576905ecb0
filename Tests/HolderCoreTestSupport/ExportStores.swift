import HolderCore
import PropertyBased

/// Random stores to export: shared by the JSON round trips (HolderCoreTests) and the Netscape
/// one through libxml2 (HTMLTests).
extension Gen where Value == [Bookmark] {
  /// Stores of up to 12 random bookmarks with distinct URLs, as a store holds them.
  public static var exportStore: Generator<[Bookmark], Shrink.None<[Bookmark]>> {
    Generator(
      run: { rng in
        let count = Int.random(in: 0...12, using: &rng)
        return (0..<count).map { index in
          var bookmark = RandomValues.bookmark(&rng)
          bookmark.url += "/\(index)"
          // `path` and `readableURL` are the shape's own keys (see BookmarkJSONObject).
          bookmark.extra = bookmark.extra.filter {
            !BookmarkJSONObject.derivedKeys.contains($0.key)
          }
          return bookmark
        }
      }, shrink: { _ in Shrink.None() })
  }

  /// `exportStore` with every URL normalised, as every stored URL is.
  public static var normalizedExportStore: Generator<[Bookmark], Shrink.None<[Bookmark]>> {
    exportStore.map { bookmarks in
      bookmarks.enumerated().map { index, bookmark in
        var normalised = bookmark
        normalised.url =
          (try? URLNormalizer.normalize(bookmark.url, allowingUnsafeSchemes: true))
          ?? "https://example.org/\(index)"
        return normalised
      }
    }
  }
}
