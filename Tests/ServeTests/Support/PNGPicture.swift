// Small PNG pictures made in the test (a diagonal gradient with a disc), so a screenshot's
// thumbnails are real raster images served from 127.0.0.1 without a file in the repository.
// Stored (uncompressed) deflate blocks: no zlib needed, and a few kilobytes each.

enum PNGPicture {
  /// A `size`×`size` RGB picture going from `from` (top left) to `to` (bottom right), with a
  /// lighter disc a little above its centre.
  static func gradient(from: (Int, Int, Int), to: (Int, Int, Int), size: Int = 64) -> [UInt8] {
    var rows: [UInt8] = []
    let centre = Double(size) / 2
    for y in 0..<size {
      // Each row starts with its filter type: 0, none.
      rows.append(0)
      for x in 0..<size {
        let t = Double(x + y) / Double(2 * (size - 1))
        let dx = Double(x) - centre
        let dy = Double(y) - centre * 0.85
        let inDisc = dx * dx + dy * dy < Double(size * size) / 12
        for (start, end) in [(from.0, to.0), (from.1, to.1), (from.2, to.2)] {
          let value = Double(start) + (Double(end) - Double(start)) * t
          rows.append(UInt8(min(255, inDisc ? value + (255 - value) * 0.45 : value)))
        }
      }
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
    // 8 bits a sample, RGB, deflate, no filter method beyond the standard, no interlace.
    header += [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// A zlib stream of stored blocks (at most 65,535 bytes each).
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + bigEndian(b << 16 | a)
  }

  private static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
