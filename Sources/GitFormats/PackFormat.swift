import Crypto

/// The bytes of git's pack format (`gitformat-pack`) that `PackWriter` writes by hand: an
/// object's id, a pack's header, an entry's header, and the version-2 index (`.idx`).
///
/// Deflating and the files themselves are the writer's; what is here is bytes in, bytes out,
/// and `PackFormatLawTests` holds it to the real `git` (`index-pack`, `verify-pack`,
/// `fsck --strict`).
package enum PackFormat {
  /// A pack's first twelve bytes: `PACK`, version 2, and the object count.
  package static func header(count: UInt32) -> [UInt8] {
    var bytes = Array("PACK".utf8) + [0, 0, 0, 2]
    append32(count, to: &bytes)
    return bytes
  }

  /// The id git gives `bytes` as an object of `kind`.
  package static func objectID(of bytes: [UInt8], kind: ObjectKind) -> ObjectID {
    var hasher = Insecure.SHA1()
    hasher.update(data: Array("\(kind.name) \(bytes.count)\0".utf8))
    hasher.update(data: bytes)
    return ObjectID(bytes: Array(hasher.finalize()))
  }

  /// An entry's header: type and size, seven bits of size per following byte.
  package static func entryHeader(kind: ObjectKind, size: Int) -> [UInt8] {
    var size = size
    var byte = kind.packType << 4 | UInt8(size & 0x0F)
    size >>= 4
    var result: [UInt8] = []
    while size > 0 {
      result.append(byte | 0x80)
      byte = UInt8(size & 0x7F)
      size >>= 7
    }
    result.append(byte)
    return result
  }

  /// The version-2 pack index of `entries` (any order): fan-out, sorted ids, CRCs, offsets
  /// (those past 2 GiB in a table of their own), the pack's checksum and the index's own.
  package static func index(
    of entries: [(id: ObjectID, offset: UInt64, crc: UInt32)], packChecksum: [UInt8]
  ) -> [UInt8] {
    let sorted = entries.sorted { $0.id < $1.id }
    var bytes: [UInt8] = [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2]
    bytes.reserveCapacity(1072 + sorted.count * 28 + 40)
    var fanout = [UInt32](repeating: 0, count: 256)
    var ids: [[UInt8]] = []
    ids.reserveCapacity(sorted.count)
    for entry in sorted {
      let id = entry.id.bytes
      fanout[Int(id[0])] += 1
      ids.append(id)
    }
    var running: UInt32 = 0
    for slot in 0..<256 {
      running += fanout[slot]
      append32(running, to: &bytes)
    }
    for id in ids { bytes.append(contentsOf: id) }
    for entry in sorted { append32(entry.crc, to: &bytes) }
    var large: [UInt64] = []
    for entry in sorted {
      if entry.offset < 0x8000_0000 {
        append32(UInt32(entry.offset), to: &bytes)
      } else {
        append32(0x8000_0000 | UInt32(large.count), to: &bytes)
        large.append(entry.offset)
      }
    }
    for value in large {
      append32(UInt32(value >> 32), to: &bytes)
      append32(UInt32(value & 0xFFFF_FFFF), to: &bytes)
    }
    bytes.append(contentsOf: packChecksum)
    bytes.append(contentsOf: Insecure.SHA1.hash(data: bytes))
    return bytes
  }

  private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes.append(UInt8(value >> 24))
    bytes.append(UInt8(value >> 16 & 0xFF))
    bytes.append(UInt8(value >> 8 & 0xFF))
    bytes.append(UInt8(value & 0xFF))
  }
}
