// Firefox's bookmark backups as JSON bytes: the compressed `.jsonlz4` ones decompressed with
// liblz4 (the LZ4 target), the plain `.json` ones as they are.

import HolderCore
import LZ4
import Localization

enum FirefoxBackup {
  /// The JSON of a backup: `bytes` decompressed when they are mozLz4, else as they are.
  static func json(_ bytes: [UInt8], source: String) throws(StoreError) -> [UInt8] {
    guard bytes.starts(with: MozLz4.magic) else { return bytes }
    guard let split = MozLz4.split(bytes),
      let json = LZ4Block.decompress(split.block, size: split.size)
    else {
      throw .importing(.damagedCompression(source: source))
    }
    return json
  }
}
