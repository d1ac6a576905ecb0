// Which raster image a body is, read from its first bytes (never from the type a server
// claims): a thumbnail is shown only when it is one of these. SVG is never one: it can carry
// script, and the app serves what it caches from its own origin.

/// A raster image format a thumbnail may be.
public enum ImageKind: String, Hashable, Sendable, CaseIterable {
  case png, jpeg, gif, webp, icon

  /// The `Content-Type` to serve it with.
  public var mediaType: String {
    switch self {
    case .png: return "image/png"
    case .jpeg: return "image/jpeg"
    case .gif: return "image/gif"
    case .webp: return "image/webp"
    case .icon: return "image/x-icon"
    }
  }

  /// The kind `bytes` start as, nil when none.
  public static func sniff(_ bytes: some Collection<UInt8>) -> ImageKind? {
    let head = Array(bytes.prefix(12))
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts([0x00, 0x00, 0x01, 0x00]) && head.count > 4 { return .icon }
    return nil
  }
}
