/// Collects an export's bytes and hands them to the caller's sink in large pieces.
///
/// The writers stay pure: they never touch a file, they only append; the sink
/// (a file, standard output, a test's array) is the caller's. Handing on the
/// bytes every `chunkSize` keeps memory flat whatever the store's size.
struct ExportOutput {
  /// The bytes not handed on yet; writers may append to it directly.
  var buffer: [UInt8] = []
  private let chunkSize: Int
  private let sink: ([UInt8]) throws -> Void
  private let progress: (Int, Int) -> Void
  private let total: Int
  private var done = 0

  init(
    chunkSize: Int, total: Int, sink: @escaping ([UInt8]) throws -> Void,
    progress: @escaping (Int, Int) -> Void
  ) {
    self.chunkSize = chunkSize
    self.total = total
    self.sink = sink
    self.progress = progress
    buffer.reserveCapacity(chunkSize + 4096)
  }

  mutating func append(_ text: String) {
    buffer.append(contentsOf: text.utf8)
  }

  mutating func append(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
  }

  /// Counts one more entry written, and hands on the buffer once it is full.
  mutating func entryWritten() throws {
    done += 1
    if buffer.count >= chunkSize { try flush() }
  }

  /// Hands on whatever is buffered.
  mutating func flush() throws {
    if !buffer.isEmpty {
      try sink(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
    progress(done, total)
  }
}
