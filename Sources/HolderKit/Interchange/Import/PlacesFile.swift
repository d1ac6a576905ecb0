import FetchProtocol
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads Firefox's `places.sqlite` through the helper program, which opens it with libsqlite3:
/// holder-git itself never loads libsqlite3 (see `HelperProgram`).
///
/// The bytes (and the `-wal` file's, which holds what a running Firefox has not yet moved into
/// the database) are written to a folder of our own first: the browser locks its file, and
/// SQLite may write an index (`-shm`) beside the file it reads. The folder is removed after.
enum PlacesFile {
  /// Calls `each` for every bookmark of the database, with what `transform` makes of it.
  static func read<Entry>(
    _ bytes: [UInt8], writeAheadLog: [UInt8]?, transform: (NetscapeItem) -> Entry,
    each: (Entry) -> Void
  ) throws(FetchError) {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.path + "/holder-git-places-" + UUID().uuidString
    let path = folder + "/places.sqlite"
    do {
      try manager.createDirectory(
        atPath: folder, withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .helperFailed(
        reason: Message(
          "cannot copy the database to a temporary folder (\(folder)); check that TMPDIR is writable and has room"
        ).english)
    }
    defer { try? manager.removeItem(atPath: folder) }
    var copied = manager.createFile(atPath: path, contents: Data(bytes))
    if let writeAheadLog {
      copied = copied && manager.createFile(atPath: path + "-wal", contents: Data(writeAheadLog))
    }
    guard copied else {
      throw .helperFailed(
        reason: Message(
          "cannot copy the database to a temporary folder (\(folder)); check that TMPDIR is writable and has room"
        ).english)
    }
    let (process, socket) = try HelperProgram.start(["firefox-places", path])
    socket.finishWriting()
    var failure: String? = nil
    while failure == nil, let line = socket.readLine() {
      if let item = NetscapeItem(jsonLine: line) {
        each(transform(item))
      } else {
        failure = reason(line)
        process.terminate()
      }
    }
    let ending = process.wait()
    if let failure { throw .helperFailed(reason: failure) }
    guard process.exited else { throw .helperFailed(reason: ending) }
  }

  /// The sentence for an error line of the helper (`PlacesLines`), or for any other line.
  private static func reason(_ line: [UInt8]) -> String {
    var fields: [String: String] = [:]
    if case .object(let members)? = try? JSONReader.read(line, file: "places") {
      for (key, value) in members {
        if case .string(let text) = value { fields[key] = text }
      }
    }
    switch fields["error"] {
    case "not-places":
      return Message(
        "it is an SQLite database but not Firefox's places.sqlite (no moz_bookmarks and moz_places tables)"
      ).english
    case "sqlite":
      return Message("SQLite cannot read it: \(fields["detail"] ?? "")").english
    default:
      return Message(
        "the helper program holder-git-fetch answered with a line that is not a link"
      ).english
    }
  }
}
