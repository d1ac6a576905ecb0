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

/// `holder-git-fetch netscape`: a Netscape Bookmark File in, one `NetscapeItem` a line out,
/// in file order, as libxml2 parses it.
enum NetscapeLines {
  static func run() -> Never {
    writeItems()
    exit(0)
  }

  // Apart from `run`, so that the buffer is freed before `exit` (the leak checker of the
  // address sanitizer counts what a frame still holds at exit as leaked).
  private static func writeItems() {
    let bytes = StandardOutput.readInput()
    var buffer = Data()
    NetscapeReader.read(bytes) { item in
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
