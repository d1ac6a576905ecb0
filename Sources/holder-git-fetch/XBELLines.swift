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

/// `holder-git-fetch xbel`: an XBEL file in, one `NetscapeItem` a bookmark out, in file order,
/// as libxml2 parses it (the last one says where a file that is not well-formed breaks off).
enum XBELLines {
  static func run() -> Never {
    writeItems()
    exit(0)
  }

  // Apart from `run`, so that the buffer is freed before `exit` (as in `NetscapeLines`).
  private static func writeItems() {
    let bytes = StandardOutput.readInput()
    var buffer = Data()
    XBELReader.read(bytes) { item in
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
