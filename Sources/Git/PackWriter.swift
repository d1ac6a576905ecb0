internal import CLibGit2
import Crypto
import Glibc
import Localization

/// Writes many new objects straight into one pack file and its index (`.pack` + `.idx`).
///
/// For bulk writes (an import): no loose objects, so no `git gc` is needed afterwards,
/// and each object is hashed and deflated exactly once (no delta search, no indexer that
/// inflates and hashes everything again). Objects are streamed to a temporary file; only
/// their ids, offsets and CRCs stay in memory. The pack becomes visible to git when
/// `finish` renames it into `objects/pack/`; `abandon` (or a crash) leaves only a
/// `tmp_…` file that git ignores. Durability is the caller's file-system sync.
public final class PackWriter {
  private let packDirectory: String
  private let temporaryPath: String
  private let file: Int32
  private var buffer: [UInt8] = []
  private var offset: UInt64 = 12
  private var entries: [(id: ObjectID, offset: UInt64, crc: UInt32)] = []
  private var written: Set<ObjectID> = []
  private var finished = false
  /// The finished pack's path without its extension.
  private var finalName: String?
  private let repository: Repository

  /// The number of distinct objects written so far.
  public var count: Int { entries.count }

  /// Starts a pack in `repository`'s `objects/pack/`.
  public init(repository: Repository) throws(GitError) {
    self.repository = repository
    var directory = repository.gitDirectory
    if directory.hasSuffix("/") { directory.removeLast() }
    packDirectory = directory + "/objects/pack"
    mkdir(packDirectory, 0o755)
    temporaryPath =
      packDirectory + "/tmp_pack_holder_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
    file = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
    guard file >= 0 else {
      throw GitError.invalid(
        "cannot create '\(temporaryPath)': \(String(cString: strerror(errno))); "
          + "check that the repository's .git folder is writable and its disk has space",
        "open")
    }
    // The header's object count is filled in by `finish`.
    buffer = PackFormat.header(count: 0)
  }

  deinit {
    if !finished {
      close(file)
      unlink(temporaryPath)
    }
  }

  /// The id git gives `bytes` as an object of `kind`.
  public static func objectID(of bytes: [UInt8], kind: ObjectKind) -> ObjectID {
    PackFormat.objectID(of: bytes, kind: kind)
  }

  /// Adds an object (once: the same content again is not written twice) and returns its id.
  @discardableResult
  public func write(_ bytes: [UInt8], as kind: ObjectKind) throws(GitError) -> ObjectID {
    let id = PackWriter.objectID(of: bytes, kind: kind)
    guard written.insert(id).inserted else { return id }
    var record = PackFormat.entryHeader(kind: kind, size: bytes.count)
    var bound = compressBound(uLong(bytes.count))
    let headerCount = record.count
    record.append(contentsOf: repeatElement(0, count: Int(bound)))
    let status = record.withUnsafeMutableBufferPointer { output in
      bytes.withUnsafeBufferPointer { input in
        compress2(
          output.baseAddress.map { $0 + headerCount }, &bound, input.baseAddress,
          uLong(input.count), 1)
      }
    }
    guard status == Z_OK else { throw GitError.invalid("zlib failed (\(status))", "compress2") }
    record.removeLast(record.count - headerCount - Int(bound))
    let crc = record.withUnsafeBufferPointer {
      UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
    }
    entries.append((id, offset, crc))
    offset += UInt64(record.count)
    buffer.append(contentsOf: record)
    if buffer.count >= 1 << 20 { try flush() }
    return id
  }

  /// Completes the pack (count, checksum) and its `.idx`, and moves both into place.
  ///
  /// The repository sees them at once. Does nothing visible when no object was written.
  public func finish() throws(GitError) {
    guard !finished else { return }
    try flush()
    finished = true
    defer { close(file) }
    // A pack that failed half-way (a full disk) leaves nothing behind in objects/pack.
    var placed: String?
    var done = false
    defer {
      if !done {
        unlink(temporaryPath)
        unlink(temporaryPath + ".idx")
        if let placed { unlink(placed) }
      }
    }
    guard !entries.isEmpty else {
      unlink(temporaryPath)
      return
    }
    var count = UInt32(entries.count).bigEndian
    // A header still counting 0 objects beside an index of many is a broken pack.
    guard withUnsafeBytes(of: &count, { pwrite(file, $0.baseAddress, 4, 8) }) == 4 else {
      throw ioError(Message("write").english)
    }
    // The checksum covers the whole file, header included: read it back once.
    var hasher = Insecure.SHA1()
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var position: off_t = 0
    while true {
      let read = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, position) }
      guard read >= 0 else { throw ioError(Message("read back").english) }
      if read == 0 { break }
      hasher.update(data: chunk[0..<read])
      position += off_t(read)
    }
    let checksum = Array(hasher.finalize())
    try writeAll(checksum)
    let name = packDirectory + "/pack-" + ObjectID(bytes: checksum).hex
    let index = PackFormat.index(of: entries, packChecksum: checksum)
    let temporaryIndex = temporaryPath + ".idx"
    let indexFile = open(temporaryIndex, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o444)
    guard indexFile >= 0 else { throw ioError(Message("create index of").english) }
    errno = 0
    let wroteIndex = index.withUnsafeBytes { Glibc.write(indexFile, $0.baseAddress, $0.count) }
    // The index is durable with the file system's one sync before the branch moves; a close
    // that fails (a full disk on NFS) is a failed write.
    let closed = close(indexFile) == 0
    guard wroteIndex == index.count, closed else {
      throw ioError(Message("write index of").english)
    }
    // The pack first, then its index: git only uses a pack once its index is there.
    guard rename(temporaryPath, name + ".pack") == 0 else {
      throw ioError(Message("rename").english)
    }
    placed = name + ".pack"
    guard rename(temporaryIndex, name + ".idx") == 0 else {
      throw ioError(Message("rename index of").english)
    }
    done = true
    finalName = name
    try repository.refreshObjects()
  }

  /// Syncs the finished pack, its index and their folder to disk: for a pack a reference in
  /// another repository is about to name, where no file-system sync of the caller's comes
  /// first.
  public func syncToDisk() throws(GitError) {
    guard let finalName else { return }
    for path in [finalName + ".pack", finalName + ".idx", packDirectory] {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      let synced = fd >= 0 && fsync(fd) == 0
      if fd >= 0 { close(fd) }
      guard synced else { throw ioError(Message("sync").english) }
    }
  }

  /// Removes the finished pack again: for a commit that failed before any ref named it (a
  /// full disk), so the objects it alone held do not stay behind as garbage.
  public func discard() {
    guard let finalName else { return }
    unlink(finalName + ".idx")
    unlink(finalName + ".pack")
    self.finalName = nil
    try? repository.refreshObjects()
  }

  private func flush() throws(GitError) {
    guard !buffer.isEmpty else { return }
    try writeAll(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: [UInt8]) throws(GitError) {
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(file, buffer.baseAddress.map { $0 + done }, buffer.count - done)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw ioError(Message("write").english)
      }
      done += count
    }
  }

  private func ioError(_ what: String) -> GitError {
    let code = errno == 0 ? ENOSPC : errno
    // The file and the system's reason: the store layer says what to do about it.
    let fault = String(cString: strerror(code))
    return GitError.invalid(
      Message("cannot \(what) the pack '\(temporaryPath)': \(fault)").english, "pack")
  }
}

extension Repository {
  /// Makes objects written outside libgit2 (a new pack) visible to this repository.
  public func refreshObjects() throws(GitError) {
    var odb: OpaquePointer?
    try check(git_repository_odb(&odb, pointer), "git_repository_odb")
    defer { git_odb_free(odb) }
    try check(git_odb_refresh(odb), "git_odb_refresh")
  }
}
