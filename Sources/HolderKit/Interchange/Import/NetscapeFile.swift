import FetchProtocol
import Git
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Reads a Netscape Bookmark File through the helper program, which parses it with libxml2:
/// holder-git itself never loads libxml2 (see `HelperProgram`).
///
/// The file's bytes go to `holder-git-fetch netscape`, which answers with one `NetscapeItem`
/// a line, in file order, as it parses. The lines are decoded a batch at a time on every core.
enum NetscapeFile {
  /// Lines decoded at once: decoding one by one on this thread, while the helper parses on
  /// the other core, was a quarter of a large import's time before it wrote anything.
  static let batchSize = 4096

  /// Calls `each` for every link of `bytes`, in file order, with what `transform` (run on
  /// every core) makes of it.
  ///
  /// `reader` is the helper's command: `netscape`, or `xbel` for an XBEL file, whose
  /// bookmarks come back as items too.
  static func read<Entry: Sendable>(
    _ bytes: [UInt8], reader: String = "netscape",
    transform: @escaping @Sendable (NetscapeItem) -> Entry, each: (Entry) -> Void
  ) throws(FetchError) {
    let (process, socket) = try HelperProgram.start([reader])
    // Written from another thread while this one reads, so neither side waits on a full
    // buffer.
    startDetachedThread {
      _ = socket.send(bytes)
      socket.finishWriting()
    }
    var batch: [[UInt8]] = []
    var broken = false
    var ended = false
    while !broken && !ended {
      if let line = socket.readLine() { batch.append(line) } else { ended = true }
      // A batch is decoded when it is full, and what is left once the helper stops writing.
      guard batch.count >= batchSize || ended else { continue }
      for entry in decoded(batch, transform: transform) {
        guard let entry else {
          broken = true
          // It may be writing more: stop it, or waiting for it would never end.
          process.terminate()
          break
        }
        each(entry)
      }
      batch.removeAll(keepingCapacity: true)
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

  /// Each line's item, transformed; nil for a line that is not an item.
  private static func decoded<Entry: Sendable>(
    _ lines: [[UInt8]], transform: @escaping @Sendable (NetscapeItem) -> Entry
  ) -> [Entry?] {
    ParallelRanges.positions(lines.count, oneThreadBelow: 512) {
      NetscapeItem(jsonLine: lines[$0]).map(transform)
    }
  }
}
