import Foundation

/// A fresh temporary directory, removed with everything in it when the value goes away.
///
/// Keep it in a local `let` for the length of a test; the path is fully resolved (no symlinks
/// such as macOS's `/tmp` → `/private/tmp`), so it compares equal to paths libgit2 and `git`
/// print.
public final class ScratchDirectory {
  /// The directory's absolute, resolved path.
  public let path: String

  /// Makes a new, empty directory under the system's temporary folder.
  public init() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("holder-git-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.resolvingSymlinksInPath().path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The absolute path of `relative` inside the directory.
  public func path(_ relative: String) -> String {
    URL(fileURLWithPath: path).appendingPathComponent(relative).path
  }

  /// Writes `contents` to `relative`, creating folders on the way.
  public func write(_ contents: String, to relative: String) throws {
    try write(Array(contents.utf8), to: relative)
  }

  /// Writes an executable `contents` to `relative` (a script a test runs), creating folders on
  /// the way; see `writeExecutable(_:atPath:)`.
  public func writeExecutable(_ contents: String, to relative: String) throws {
    let file = path(relative)
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: file).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    try HolderTestSupport.writeExecutable(contents, atPath: file)
  }

  /// Writes raw bytes to `relative`, creating folders on the way.
  public func write(_ bytes: [UInt8], to relative: String) throws {
    let file = URL(fileURLWithPath: path(relative))
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }
}

/// Writes an executable `contents` to `path` (a script a test runs: an editor, a browser, a
/// stand-in for ssh).
///
/// Written through a descriptor opened with `O_CLOEXEC`: a process another test starts while
/// this one writes must not inherit the descriptor, or running the script fails with "Text
/// file busy" for as long as that process keeps it open.
public func writeExecutable(_ contents: String, atPath path: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["path": path]) }
  defer { close(fd) }
  let bytes = Array(contents.utf8)
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["path": path]) }
    written += count
  }
  // O_CREAT's mode is cut by the umask; a script must be executable whatever it is.
  fchmod(fd, 0o755)
}
