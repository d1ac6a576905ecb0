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

  /// Writes raw bytes to `relative`, creating folders on the way.
  public func write(_ bytes: [UInt8], to relative: String) throws {
    let file = URL(fileURLWithPath: path(relative))
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }
}
