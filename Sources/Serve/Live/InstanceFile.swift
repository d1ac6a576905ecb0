// `.holder/local/serve.json`: which process serves this store and on which port, so a second
// `serve` can say where the first one is. Checked live (the pid must still be a
// holder-git-serve), so a file left by a killed server never blocks a new start.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The running server of a store, as its instance file says.
public struct ServeInstance: Codable, Equatable, Sendable {
  public var pid: Int32
  public var port: Int
  public var address: String
  /// Whether it speaks HTTPS (absent in the files of earlier versions: plain HTTP).
  public var tls: Bool?

  public init(pid: Int32, port: Int, address: String, tls: Bool = false) {
    self.pid = pid
    self.port = port
    self.address = address
    self.tls = tls ? true : nil
  }

  /// The address a browser opens.
  public var url: String {
    let host = address.contains(":") ? "[\(address)]" : address
    return "\(tls == true ? "https" : "http")://\(host):\(port)/"
  }
}

/// Reads and writes a store's instance file.
struct InstanceFile {
  let path: String

  init(storeRoot: String) {
    path = storeRoot + "/.holder/local/serve.json"
  }

  /// The instance the file names, when that process still runs holder-git-serve.
  func running() -> ServeInstance? {
    guard let data = FileManager.default.contents(atPath: path),
      let instance = try? JSONDecoder().decode(ServeInstance.self, from: data),
      instance.pid != getpid()
    else { return nil }
    guard
      let command = try? String(
        contentsOfFile: "/proc/\(instance.pid)/cmdline", encoding: .utf8),
      command.contains("holder-git-serve")
    else { return nil }
    return instance
  }

  func write(_ instance: ServeInstance) throws {
    try FileManager.default.createDirectory(
      atPath: String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]),
      withIntermediateDirectories: true)
    let temporary = path + ".\(getpid()).tmp"
    try JSONEncoder().encode(instance).write(to: URL(fileURLWithPath: temporary))
    // A rename, so a second serve never reads half a file.
    _ = rename(temporary, path)
  }

  /// Removes the file when it still names this process.
  func removeIfOurs() {
    guard let data = FileManager.default.contents(atPath: path),
      let instance = try? JSONDecoder().decode(ServeInstance.self, from: data),
      instance.pid == getpid()
    else { return }
    try? FileManager.default.removeItem(atPath: path)
  }
}
