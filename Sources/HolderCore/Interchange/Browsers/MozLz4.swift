// The container of Firefox's compressed files (`.jsonlz4`, `.baklz4`): its header read; the
// LZ4 block inside is decompressed by the LZ4 target (liblz4), outside this pure module.

/// Firefox's mozLz4 container: the magic `mozLz40\0`, the decompressed size as 4 bytes
/// little-endian, then one LZ4 block (the raw block format, no frame).
///
/// As Firefox writes it (`toolkit/components/lz4/lz4.js`: `Lz4.compressFileContent`).
public enum MozLz4 {
  public static let magic: [UInt8] = Array("mozLz40".utf8) + [0]

  /// Files larger than this are refused before anything is allocated: a bookmark backup of a
  /// million bookmarks is far less.
  public static let maximumSize = 1 << 30

  /// The decompressed size and the block of `bytes`, nil when they are no mozLz4 file (or
  /// one that says it holds more than `maximumSize`).
  public static func split(_ bytes: [UInt8]) -> (size: Int, block: [UInt8])? {
    guard bytes.count >= 12, bytes.starts(with: magic) else { return nil }
    let size = (0..<4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
    guard size <= maximumSize else { return nil }
    return (size, Array(bytes[12...]))
  }
}
