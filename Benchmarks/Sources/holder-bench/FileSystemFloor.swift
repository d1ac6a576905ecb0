import Foundation

/// The file-system floor of an import: the folders, files and tag links a holder-git store's
/// work tree holds under `bookmarks/` and `tags/`, written again by a process that does
/// nothing else (no parsing, no git, no fsync).
///
/// `manifest(of:to:)` records them once, untimed, in one file: a record per entry, folders
/// before what they hold, files with their bytes, links with their targets. The timed part is
/// `holder-bench --floor-write MANIFEST --into FOLDER`, a whole process that reads that file
/// in small pieces and creates every entry under a new FOLDER, so that it is measured as
/// holder-git is: wall time, CPU and peak memory of a process.
enum FileSystemFloor {
  struct Counts {
    var files = 0
    var folders = 0
    var links = 0
    var bytes = 0
  }

  /// The top-level folders of a store whose entries the floor writes.
  static let roots = ["bookmarks", "tags"]

  /// Writes the manifest of `store`'s `bookmarks/` and `tags/` to `path`.
  @discardableResult
  static func manifest(of store: String, to path: String) throws -> Counts {
    var counts = Counts()
    var data = Data()
    func append(_ kind: UInt8, _ relative: String, _ bytes: [UInt8]) {
      let name = Array(relative.utf8)
      data.append(kind)
      appendLength(name.count, to: &data)
      data.append(contentsOf: name)
      appendLength(bytes.count, to: &data)
      data.append(contentsOf: bytes)
    }
    func walk(_ relative: String) throws {
      let names = try FileManager.default.contentsOfDirectory(atPath: store + "/" + relative)
        .sorted()
      for name in names {
        let child = relative + "/" + name
        let full = store + "/" + child
        var info = stat()
        guard lstat(full, &info) == 0 else {
          throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: full])
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          append(UInt8(ascii: "d"), child, [])
          counts.folders += 1
          try walk(child)
        case S_IFLNK:
          let target = try FileManager.default.destinationOfSymbolicLink(atPath: full)
          append(UInt8(ascii: "l"), child, Array(target.utf8))
          counts.links += 1
        case S_IFREG:
          let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: full)))
          append(UInt8(ascii: "f"), child, bytes)
          counts.files += 1
          counts.bytes += bytes.count
        default:
          continue
        }
      }
    }
    for root in roots where FileManager.default.fileExists(atPath: store + "/" + root) {
      append(UInt8(ascii: "d"), root, [])
      counts.folders += 1
      try walk(root)
    }
    try data.write(to: URL(fileURLWithPath: path))
    return counts
  }

  private static func appendLength(_ length: Int, to data: inout Data) {
    var value = UInt32(length).littleEndian
    withUnsafeBytes(of: &value) { data.append(contentsOf: $0) }
  }

  /// Creates every entry of `manifest` under `folder`, which it makes (it must not exist):
  /// plain POSIX calls, mkdir, open + write + close, symlink.
  static func create(from manifest: String, into folder: String) throws {
    guard let input = fopen(manifest, "rb") else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: manifest])
    }
    defer { fclose(input) }
    guard mkdir(folder, 0o755) == 0 else { throw failure("mkdir", folder) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    func readLength() -> Int? {
      var value: UInt32 = 0
      guard fread(&value, 4, 1, input) == 1 else { return nil }
      return Int(UInt32(littleEndian: value))
    }
    func readBytes(_ count: Int) -> Bool {
      if count > buffer.count { buffer = [UInt8](repeating: 0, count: count) }
      return count == 0 || fread(&buffer, 1, count, input) == count
    }
    while true {
      let kind = fgetc(input)
      if kind == EOF { break }
      guard let nameLength = readLength(), readBytes(nameLength) else {
        throw failure("read", manifest)
      }
      let path = folder + "/" + String(decoding: buffer[0..<nameLength], as: UTF8.self)
      guard let length = readLength(), readBytes(length) else { throw failure("read", manifest) }
      switch UInt8(kind) {
      case UInt8(ascii: "d"):
        guard mkdir(path, 0o755) == 0 else { throw failure("mkdir", path) }
      case UInt8(ascii: "f"):
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", path) }
        let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress, length) }
        close(fd)
        guard written == length else { throw failure("write", path) }
      case UInt8(ascii: "l"):
        let target = String(decoding: buffer[0..<length], as: UTF8.self)
        guard symlink(target, path) == 0 else { throw failure("symlink", path) }
      default:
        throw failure("read", manifest)
      }
    }
  }

  private static func failure(_ call: String, _ path: String) -> Error {
    BenchError.failed("\(call) \(path): \(String(cString: strerror(errno)))")
  }
}
