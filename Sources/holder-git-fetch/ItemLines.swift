import FetchProtocol
import HTML
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `holder-git-fetch netscape` and `holder-git-fetch xbel`: a bookmark file in on standard
/// input, one `NetscapeItem` a line out, in file order, as libxml2 parses it (for XBEL the last
/// line says where a file that is not well-formed breaks off).
enum ItemLines {
  /// A reader of a whole file that hands over each item as it finds it.
  typealias Reader = @Sendable (_ bytes: [UInt8], _ each: (NetscapeItem) -> Void) -> Void

  static let netscape: Reader = { bytes, each in _ = NetscapeReader.read(bytes, each: each) }
  static let xbel: Reader = { bytes, each in XBELReader.read(bytes, each: each) }

  static func run(_ reader: Reader) -> Never {
    writeItems(reader)
    exit(0)
  }

  // Apart from `run`, so that the buffer is freed before `exit` (the leak checker of the
  // address sanitizer counts what a frame still holds at exit as leaked).
  private static func writeItems(_ reader: Reader) {
    let bytes = StandardOutput.readInput()
    var buffer = Data()
    reader(bytes) { item in
      buffer.append(contentsOf: item.jsonLine)
      buffer.append(0x0A)
      if buffer.count > 1 << 16 {
        StandardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    StandardOutput.write(buffer)
  }
}
