import Foundation
import HolderCore
import Localization

/// Reads a Netscape Bookmark File through the helper program, which parses it with libxml2:
/// holder-git itself never loads libxml2 (see `HelperProgram`).
///
/// The file's bytes go to `holder-git-fetch netscape`, which answers with one `NetscapeItem`
/// a line, in file order, as it parses.
enum NetscapeFile {
  /// Calls `each` for every link of `bytes`, in file order.
  static func read(_ bytes: [UInt8], each: (NetscapeItem) -> Void) throws(FetchError) {
    let (process, socket) = try HelperProgram.start(["netscape"])
    // Written from another thread while this one reads, so neither side waits on a full
    // buffer.
    let writer = Thread {
      _ = socket.send(bytes)
      socket.finishWriting()
    }
    writer.start()
    let decoder = JSONDecoder()
    var broken = false
    while let line = socket.readLine() {
      guard let item = try? decoder.decode(NetscapeItem.self, from: Data(line)) else {
        broken = true
        // It may be writing more: stop it, or waiting for it would never end.
        process.terminate()
        break
      }
      each(item)
    }
    let ending = process.wait()
    if broken {
      throw .helperFailed(
        reason: Message(
          "the helper program holder-git-fetch answered with a line that is not a link"
        ).english)
    }
    guard process.exited else { throw .helperFailed(reason: ending) }
  }
}
