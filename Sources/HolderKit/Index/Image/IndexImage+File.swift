import Git

// Owns the index file under `.holder/local/`: a header naming where each of the image's
// arrays lies, then the arrays as the machine lays them out. Reading one is a handful of
// `pread`s into arrays, no parsing and no object per bookmark; the bookmarks' binary forms
// stay in the file until one is shown. A file that does not start with this version's magic
// and byte-order mark, that ends early, or whose tables disagree is ignored and the index
// rebuilt: it is only a cache.
extension IndexImage {
  /// The file under `.holder/local/`.
  static let fileName = "index-v2"
  /// The first version's file, removed when this one is written.
  static let formerFileName = "index-v1"
  private static let magic = Array("holder-git index 2\n\0\0\0\0\0".utf8)
  private static let byteOrderMark: UInt64 = 0x0102_0304_0506_0708
  /// Sections in the order the header lists them (the blobs' bytes come last).
  private static let sectionCount = 29

  /// The file's bytes.
  func encoded() -> [UInt8] {
    var sections: [[UInt8]] = []
    func add(_ values: [some BitwiseCopyable]) {
      sections.append(unsafe values.withUnsafeBytes { unsafe Array($0) })
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
    let loaded = blobs.loaded()
    guard case .memory(let blobBytes) = loaded.source else { return [] }
    sections.append(blobBytes)
    assert(sections.count == Self.sectionCount)

    var header = Self.magic
    append(Self.byteOrderMark, to: &header)
    header += commit.map { Array($0.hex.utf8) } ?? Array(repeating: 0, count: 40)
    append(UInt64(sections.count), to: &header)
    let headerSize = header.count + sections.count * 16
    var offset = headerSize
    var bytes = header
    for section in sections {
      offset = (offset + 7) & ~7
      append(UInt64(offset), to: &bytes)
      append(UInt64(section.count), to: &bytes)
      offset += section.count
    }
    bytes.reserveCapacity(offset)
    for section in sections {
      bytes += [UInt8](repeating: 0, count: ((bytes.count + 7) & ~7) - bytes.count)
      bytes += section
    }
    return bytes
  }

  /// The image saved in `name` of the open folder `directory`; nil when there is none or it
  /// cannot be trusted.
  static func load(name: String = fileName, in directory: Int32) -> IndexImage? {
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
    var next = 0
    func section<Value: BitwiseCopyable>(_ type: Value.Type) -> [Value]? {
      defer { next += 1 }
      let offset = table[next * 2]
      let size = table[next * 2 + 1]
      let stride = UInt64(MemoryLayout<Value>.stride)
      guard offset <= UInt64(file.size), size <= UInt64(file.size) - offset, size % stride == 0
      else { return nil }
      return file.read(at: Int(offset), count: Int(size / stride), as: type)
    }
    func list<Value: BitwiseCopyable & Sendable & Equatable>(_ type: Value.Type)
      -> PackedList<Value>?
    {
      guard let ends = section(UInt64.self), let elements = section(type) else { return nil }
      return PackedList(ends: ends, elements: elements)
    }
    guard let paths = list(UInt8.self), let stamps = section(Int64.self),
      let documents = list(UInt8.self), let hosts = list(UInt8.self),
      let tagNumbers = list(UInt32.self), let created = section(Int64.self),
      let modified = section(Int64.self), let favorite = section(UInt8.self),
      let ids = list(UInt8.self), let idOrder = section(UInt32.self),
      let tagKeys = list(UInt8.self), let postings = list(UInt32.self),
      let folders = list(UInt8.self), let folderStamps = section(Int64.self),
      let problemPaths = list(UInt8.self), let problemStamps = section(Int64.self),
      let problemMessages = list(UInt8.self), let blobEnds = section(UInt64.self)
    else { return nil }
    // The blobs stay in the file; only their place is checked.
    let blobOffset = table[next * 2]
    let blobSize = table[next * 2 + 1]
    guard blobOffset <= UInt64(file.size), blobSize <= UInt64(file.size) - blobOffset,
      blobEnds.last.map({ $0 <= blobSize }) ?? true,
      zip(blobEnds, blobEnds.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    let image = IndexImage(
      commit: commit, paths: paths, stamps: stamps, documents: documents, hosts: hosts,
      tagNumbers: tagNumbers, created: created, modified: modified, favorite: favorite, ids: ids,
      idOrder: idOrder, tagKeys: tagKeys, postings: postings,
      blobs: BlobStore(ends: blobEnds, source: .file(file, offset: Int(blobOffset))),
      folders: folders, folderStamps: folderStamps, problemPaths: problemPaths,
      problemStamps: problemStamps, problemMessages: problemMessages)
    return image.isConsistent ? image : nil
  }

  /// Appends `value` as the machine lays it out, as the arrays are: a file from a machine of
  /// the other byte order fails the byte-order mark and is rebuilt.
  private func append(_ value: UInt64, to bytes: inout [UInt8]) {
    unsafe withUnsafeBytes(of: value) { unsafe bytes.append(contentsOf: $0) }
  }
}
