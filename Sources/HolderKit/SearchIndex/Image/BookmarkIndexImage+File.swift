import Git

// Owns the index file under `.holder/local/`: a header naming where each of the image's
// arrays lies, then the arrays as the machine lays them out. Reading one is a handful of
// `pread`s into arrays, no parsing and no object per bookmark; the bookmarks' binary forms
// stay in the file until one is shown. A file that does not start with this version's magic
// and byte-order mark, that ends early, or whose tables disagree is ignored and the index
// rebuilt: it is only a cache.
extension BookmarkIndexImage {
  /// The file under `.holder/local/`.
  static let fileName = "index-v2"
  /// The first version's file, removed when this one is written.
  static let formerFileName = "index-v1"
  private static let magic = Array("holder-git index 2\n\0\0\0\0\0".utf8)
  private static let byteOrderMark: UInt64 = 0x0102_0304_0506_0708
  /// Sections in the order the header lists them (the blobs' bytes come last).
  private static let sectionCount = 29

  /// Writes the file into `file`; false, with nothing written, when the bookmarks' stored
  /// forms cannot be read.
  ///
  /// Each array goes straight from memory: making the file's bytes first took two copies of
  /// all of it (at 100k, 150 MB more at the moment of saving).
  func write(to file: AtomicFile, gatheringBelow gathered: Int = gathered) throws(FileSystemError)
    -> Bool
  {
    var sections: [Section] = []
    func add<Value: BitwiseCopyable>(_ values: [Value]) {
      sections.append(
        Section(
          count: values.count * MemoryLayout<Value>.stride,
          append: { bytes in
            unsafe values.withUnsafeBytes { unsafe bytes.append(contentsOf: $0) }
          },
          write: { file throws(FileSystemError) in try file.write(contentsOf: values) }))
    }
    func add(_ list: PackedList<some BitwiseCopyable & Sendable & Equatable>) {
      add(list.ends)
      add(list.elements)
    }
    add(paths)
    add(stamps)
    add(documents)
    add(hosts)
    add(tagNumbers)
    add(created)
    add(modified)
    add(favorite)
    add(ids)
    add(idOrder)
    add(tagKeys)
    add(postings)
    add(folders)
    add(folderStamps)
    add(problemPaths)
    add(problemStamps)
    add(problemMessages)
    add(blobs.ends)
    guard case .memory(let blobBytes) = blobs.loaded().source else { return false }
    add(blobBytes)
    assert(sections.count == Self.sectionCount)

    var header = Self.magic
    append(Self.byteOrderMark, to: &header)
    header += commit.map { Array($0.hex.utf8) } ?? Array(repeating: 0, count: 40)
    append(UInt64(sections.count), to: &header)
    var offset = header.count + sections.count * 16
    for section in sections {
      offset = (offset + 7) & ~7
      append(UInt64(offset), to: &header)
      append(UInt64(section.count), to: &header)
      offset += section.count
    }
    // Small arrays are gathered and written together (a small store's file is one write).
    var pending = header
    var flushed = 0
    for section in sections {
      let at = flushed + pending.count
      pending += [UInt8](repeating: 0, count: ((at + 7) & ~7) - at)
      if section.count < gathered {
        section.append(&pending)
      } else {
        try file.write(pending)
        flushed += pending.count
        pending.removeAll(keepingCapacity: true)
        try section.write(file)
        flushed += section.count
      }
    }
    if !pending.isEmpty { try file.write(pending) }
    return true
  }

  /// Arrays smaller than this are copied into one write with their neighbours.
  private static let gathered = 1 << 20

  /// One array of the file: its size in bytes, and how to copy or write it.
  private struct Section {
    var count: Int
    var append: (inout [UInt8]) -> Void
    var write: (AtomicFile) throws(FileSystemError) -> Void
  }

  /// The image saved in `name` of the open folder `directory`; nil when there is none or it
  /// cannot be trusted.
  static func load(name: String = fileName, in directory: Int32) -> BookmarkIndexImage? {
    guard let file = ReadOnlyFile(name: name, in: directory),
      let start = file.read(at: 0, count: magic.count + 8 + 40 + 8),
      start.starts(with: magic),
      file.read(at: magic.count, count: 1, as: UInt64.self) == [byteOrderMark],
      file.read(at: magic.count + 48, count: 1, as: UInt64.self) == [UInt64(sectionCount)],
      let table = file.read(at: start.count, count: sectionCount * 2, as: UInt64.self)
    else { return nil }
    let commitBytes = start[(magic.count + 8)..<(magic.count + 48)]
    let commit =
      commitBytes.allSatisfy { $0 == 0 }
      ? nil : ObjectID(hex: String(decoding: commitBytes, as: UTF8.self))
    let sections = Sections(file: file, table: table)
    guard let paths: PackedList<UInt8> = sections.list(0),
      let stamps = sections.array(2, Int64.self),
      let folders: PackedList<UInt8> = sections.list(19),
      let folderStamps = sections.array(21, Int64.self),
      let problemPaths: PackedList<UInt8> = sections.list(22),
      let problemStamps = sections.array(24, Int64.self),
      let problemMessages: PackedList<UInt8> = sections.list(25),
      let blobEnds = sections.array(27, UInt64.self),
      let blobs = sections.place(28),
      blobEnds.last.map({ $0 <= UInt64(blobs.size) }) ?? true,
      zip(blobEnds, blobEnds.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    // The parts read later must at least have the size the number of bookmarks asks for.
    let n = paths.count
    let perBookmark: [(section: Int, bytes: Int)] = [
      (3, 8), (5, 8), (7, 8), (9, 8), (10, 8), (11, 1), (12, 8), (14, 4),
    ]
    guard perBookmark.allSatisfy({ sections.place($0.section)?.size == n * $0.bytes }),
      sections.place(15)?.size == sections.place(17)?.size
    else { return nil }
    let tagKeys = LoadedOnce { sections.list(15) ?? PackedList<UInt8>() }
    let image = BookmarkIndexImage(
      commit: commit, paths: paths, stamps: stamps,
      documents: LoadedOnce { sections.list(3, count: n) },
      hosts: LoadedOnce { sections.list(5, count: n) },
      tagNumbers: LoadedOnce {
        let keys = tagKeys.value.count
        let list: PackedList<UInt32> = sections.list(7, count: n)
        return list.elements.allSatisfy { Int($0) < keys } ? list : .empty(n)
      },
      created: LoadedOnce { sections.array(9, Int64.self, count: n) },
      modified: LoadedOnce { sections.array(10, Int64.self, count: n) },
      favorite: LoadedOnce { sections.array(11, UInt8.self, count: n) },
      ids: LoadedOnce { sections.list(12, count: n) },
      idOrder: LoadedOnce {
        let order = sections.array(14, UInt32.self) ?? []
        return order.count == n && order.allSatisfy { Int($0) < n } ? order : []
      },
      tagKeys: tagKeys,
      postings: LoadedOnce {
        let keys = tagKeys.value.count
        let list: PackedList<UInt32> = sections.list(17, count: keys)
        return list.elements.allSatisfy { Int($0) < n } ? list : .empty(keys)
      },
      blobs: BlobStore(ends: blobEnds, source: .file(file, offset: blobs.offset)),
      folders: folders, folderStamps: folderStamps, problemPaths: problemPaths,
      problemStamps: problemStamps, problemMessages: problemMessages)
    return image.isConsistent ? image : nil
  }

  /// The sections of an open index file, read one at a time, each checked to lie in the file.
  private struct Sections: Sendable {
    let file: ReadOnlyFile
    /// Offset and size of each section.
    let table: [UInt64]

    func place(_ section: Int) -> (offset: Int, size: Int)? {
      let offset = table[section * 2]
      let size = table[section * 2 + 1]
      guard offset <= UInt64(file.size), size <= UInt64(file.size) - offset else { return nil }
      return (Int(offset), Int(size))
    }

    func array<Value: BitwiseCopyable>(_ section: Int, _ type: Value.Type) -> [Value]? {
      guard let place = place(section), place.size % MemoryLayout<Value>.stride == 0 else {
        return nil
      }
      return file.read(
        at: place.offset, count: place.size / MemoryLayout<Value>.stride, as: type)
    }

    /// An array of `count` values; zeros when it cannot be read as that.
    func array<Value: BitwiseCopyable & FixedWidthInteger>(
      _ section: Int, _ type: Value.Type, count: Int
    ) -> [Value] {
      let values = array(section, type) ?? []
      return values.count == count ? values : Array(repeating: 0, count: count)
    }

    /// The lists whose ends are section `section` and elements the next one.
    func list<Value: BitwiseCopyable & Sendable & Equatable>(_ section: Int) -> PackedList<Value>? {
      guard let ends = array(section, UInt64.self), let elements = array(section + 1, Value.self)
      else { return nil }
      return PackedList(ends: ends, elements: elements)
    }

    /// `count` lists; empty ones when they cannot be read as that.
    func list<Value: BitwiseCopyable & Sendable & Equatable>(_ section: Int, count: Int)
      -> PackedList<Value>
    {
      guard let list: PackedList<Value> = list(section), list.count == count else {
        return .empty(count)
      }
      return list
    }
  }

  /// Appends `value` as the machine lays it out, as the arrays are: a file from a machine of
  /// the other byte order fails the byte-order mark and is rebuilt.
  private func append(_ value: UInt64, to bytes: inout [UInt8]) {
    unsafe withUnsafeBytes(of: value) { unsafe bytes.append(contentsOf: $0) }
  }
}
