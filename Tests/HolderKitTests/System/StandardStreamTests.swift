// Writing to a pipe whose reader went away, or to a full disk, is an error the caller sees,
// with the system's errno.
import Foundation
import HolderKit
import Testing

@Suite struct StandardStreamTests {
  @Test func aWriteToAPipeNobodyReadsFailsWithEPIPE() throws {
    // As holder-git runs under a shell or a test harness that ignores SIGPIPE.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    #expect {
      try StandardStream.write(Array("lost".utf8), to: ends[1])
    } throws: { error in
      (error as? FileSystemError)?.code == EPIPE
    }
  }

  @Test func aFullDiskIsENOSPC() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    #expect {
      try StandardStream.write("x".utf8, to: full)
    } throws: { error in
      (error as? FileSystemError)?.code == ENOSPC
    }
  }

  @Test func everyByteIsWrittenInOrderAndReadBack() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    // More than a pipe holds, so the reader must run while the writer writes.
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let reading = ends[0]
    let reader = Task.detached { StandardStream.readToEnd(reading) }
    try StandardStream.write(bytes, to: ends[1])
    close(ends[1])
    let read = await reader.value
    close(ends[0])
    #expect(read == bytes)
  }
}
