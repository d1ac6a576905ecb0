import Crypto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a bookmark's file lives, computed from its normalised URL alone (DESIGN §1).
///
/// The path is `bookmarks/<b>/<host>/<slug>-<hash>.json`:
/// - host: the URL's host as stored (lower-case ASCII, IDNA labels as `xn--…`) without a
///   leading `www.` and without port or userinfo (both are in the hash); a URL without a
///   host uses `_<scheme>` (`_mailto`, `_file`). An IPv6 host is written without brackets
///   and with every `:` replaced by `-` (`[2001:db8::1]` → `2001-db8--1`), because `:`
///   is not allowed in file names on Windows and macOS shows it as `/`;
/// - b: the host folder's first character;
/// - slug: the path and query as lower-case ASCII words joined by `-`, at most 50 bytes
///   (see `Slug`); when it is empty the file name is just `<hash>.json`;
/// - hash: the first 8 characters of lower-case base32 (RFC 4648, no padding) of SHA-256
///   over the UTF-8 bytes of the normalised URL.
public enum BookmarkPath {
  /// The folder that holds every bookmark file.
  public static let root = "bookmarks"

  /// `bookmarks/<b>/<host>/<slug>-<hash>.json` for a URL already normalised.
  public static func relativePath(forNormalizedURL url: String) -> String {
    let parts = URLParts(url)
    let host = hostFolder(parts)
    let hash = self.hash(of: url)
    let slug = Slug.make(fromPathAndQuery: parts.pathAndQuery)
    let fileName = slug.isEmpty ? "\(hash).json" : "\(slug)-\(hash).json"
    return "\(root)/\(host.prefix(1))/\(host)/\(fileName)"
  }

  /// The first 8 characters of base32 SHA-256 of `url`: the part of a file name that
  /// tells two URLs with the same words apart.
  public static func hash(of url: String) -> String {
    let digest = SHA256.hash(data: Array(url.utf8))
    return String(Base32.encode(digest.prefix(5)))
  }

  /// True when `relativePath` has the shape of a bookmark file's path.
  ///
  /// It checks the shape only (`bookmarks/<b>/<host>/[<slug>-]<hash>.json`, `b` the host's
  /// first character); whether the file belongs there is known only from its URL.
  public static func isBookmarkPath(_ relativePath: String) -> Bool {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    guard components.count == 4, components[0] == root else { return false }
    let bucket = components[1]
    let host = components[2]
    guard !host.isEmpty, host != ".", host != "..", bucket == host.prefix(1) else { return false }
    return isFileName(components[3])
  }

  /// The host folder: the stored host without `www.`, or `_<scheme>` when there is none.
  private static func hostFolder(_ parts: URLParts) -> String {
    guard var folder = parts.host, !folder.isEmpty else { return "_" + parts.scheme }
    if folder.hasPrefix("["), folder.hasSuffix("]") {
      folder = String(folder.dropFirst().dropLast()).replacing(":", with: "-")
    }
    let withoutWWW = folder.dropFirst(4)
    if folder.hasPrefix("www."), !withoutWWW.isEmpty, withoutWWW != "." {
      folder = String(withoutWWW)
    }
    // A hand-edited URL must not make the path climb out of its folder or hide a control.
    let safe = String(
      String.UnicodeScalarView(
        folder.unicodeScalars.map { scalar in
          scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
            ? "-" : scalar
        }))
    return safe == "." || safe == ".." ? "_" + parts.scheme : safe
  }

  private static func isFileName(_ name: Substring) -> Bool {
    guard name.hasSuffix(".json") else { return false }
    let stem = name.dropLast(5)
    let hash = stem.suffix(8)
    guard hash.count == 8, hash.allSatisfy({ ("a"..."z").contains($0) || ("2"..."7").contains($0) })
    else { return false }
    let rest = stem.dropLast(8)
    if rest.isEmpty { return true }
    guard rest.hasSuffix("-") else { return false }
    let slug = rest.dropLast()
    let words = slug.split(separator: "-", omittingEmptySubsequences: false)
    return slug.utf8.count <= Slug.maximumLength
      && words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      }
  }
}
