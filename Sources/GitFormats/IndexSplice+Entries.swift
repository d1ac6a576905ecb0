/// Reading and writing one entry of git's index file, versions 2 to 4 (`gitformat-index`):
/// 62 bytes of stat data, id and flags (64 with version 3's extended flags), then the path:
/// NUL-padded to a multiple of 8 bytes in versions 2 and 3, stored against the previous
/// entry's path in version 4 (a count of bytes to drop from its end, the rest, a NUL).
extension IndexSplice {
  /// The entry at `start`: its path, where it ends, its stage, and the length of its fixed
  /// part; nil when the bytes do not hold one.
  package func entry(at start: Int, previous: [UInt8]) -> (
    path: [UInt8], end: Int, stage: Int, fixed: Int
  )? {
    guard start + 62 <= bytes.count - 20 else { return nil }
    let flags = Int(bytes[start + 60]) << 8 | Int(bytes[start + 61])
    let extended = flags & 0x4000 != 0
    guard !extended || version >= 3 else { return nil }
    let fixed = extended ? 64 : 62
    var position = start + fixed
    let path: [UInt8]
    if version == 4 {
      // git's varint: seven bits a byte, each continuation adding one (varint.c).
      guard position < bytes.count else { return nil }
      var byte = bytes[position]
      var drop = Int(byte & 0x7F)
      position += 1
      while byte & 0x80 != 0 {
        guard position < bytes.count, drop < 1 << 24 else { return nil }
        byte = bytes[position]
        drop = ((drop + 1) << 7) | Int(byte & 0x7F)
        position += 1
      }
      guard drop <= previous.count, let nul = nulIndex(from: position) else { return nil }
      path = Array(previous[0..<(previous.count - drop)]) + bytes[position..<nul]
      position = nul + 1
    } else {
      guard let nul = nulIndex(from: position) else { return nil }
      path = Array(bytes[position..<nul])
      position = start + ((fixed + path.count + 8) & ~7)
    }
    guard position <= bytes.count - 20 else { return nil }
    return (path, position, (flags >> 12) & 3, fixed)
  }

  private func nulIndex(from position: Int) -> Int? {
    var index = position
    let limit = bytes.count - 20
    while index < limit {
      if bytes[index] == 0 { return index }
      index += 1
    }
    return nil
  }

  /// Appends a new stage-0 entry for `entry` after the entry `lastEmitted`, and makes it the
  /// last.
  package func append(_ entry: Entry, after lastEmitted: inout [UInt8], to output: inout [UInt8]) {
    for value in entry.stat { Self.append32(value, to: &output) }
    output.append(contentsOf: entry.id)
    let length = min(entry.path.count, 0xFFF)
    output.append(UInt8(length >> 8))
    output.append(UInt8(length & 0xFF))
    appendPath(entry.path, after: lastEmitted, to: &output)
    lastEmitted = entry.path
  }

  /// Appends the path part of an entry whose fixed part is already in `output`.
  package func appendPath(_ path: [UInt8], after previous: [UInt8], to output: inout [UInt8]) {
    if version == 4 {
      var common = 0
      while common < path.count, common < previous.count, path[common] == previous[common] {
        common += 1
      }
      output.append(contentsOf: Self.varint(previous.count - common))
      output.append(contentsOf: path[common...])
      output.append(0)
    } else {
      // Padded with one to eight NULs to a multiple of 8 from the entry's start; its fixed
      // part is 62 bytes for every entry this writes.
      let total = (62 + path.count + 8) & ~7
      output.append(contentsOf: path)
      output.append(contentsOf: repeatElement(0, count: total - 62 - path.count))
    }
  }

  package static func varint(_ value: Int) -> [UInt8] {
    var value = value
    var encoded = [UInt8(value & 0x7F)]
    value >>= 7
    while value > 0 {
      value -= 1
      encoded.insert(0x80 | UInt8(value & 0x7F), at: 0)
      value >>= 7
    }
    return encoded
  }

  package static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
  }

  package static func write32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    bytes[offset] = UInt8(value >> 24)
    bytes[offset + 1] = UInt8(value >> 16 & 0xFF)
    bytes[offset + 2] = UInt8(value >> 8 & 0xFF)
    bytes[offset + 3] = UInt8(value & 0xFF)
  }

  package static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes.append(UInt8(value >> 24))
    bytes.append(UInt8(value >> 16 & 0xFF))
    bytes.append(UInt8(value >> 8 & 0xFF))
    bytes.append(UInt8(value & 0xFF))
  }
}
