// liblz4's block decompression behind a Swift function: the only importer of CLZ4.

import CLZ4

/// One LZ4 block (the raw block format, no frame), decompressed with Debian's liblz4.
public enum LZ4Block {
  /// The bytes `block` stands for, nil when it is not a valid block that decompresses to
  /// exactly `size` bytes.
  ///
  /// `size` comes from the container (mozLz4 writes it before the block); liblz4's safe
  /// decoder never writes past it, so a damaged or hostile file can only fail.
  public static func decompress(_ block: [UInt8], size: Int) -> [UInt8]? {
    guard size >= 0, size <= Int(Int32.max), block.count <= Int(Int32.max) else { return nil }
    if size == 0 { return block.isEmpty || block == [0] ? [] : nil }
    var output = [UInt8](repeating: 0, count: size)
    let written = block.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { target in
        LZ4_decompress_safe(
          source.baseAddress?.assumingMemoryBound(to: CChar.self),
          target.baseAddress?.assumingMemoryBound(to: CChar.self),
          Int32(block.count), Int32(size))
      }
    }
    return written == Int32(size) ? output : nil
  }
}
