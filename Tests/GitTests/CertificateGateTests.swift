import Foundation
import Synchronization
import Testing

@testable import Git

/// libgit2 keeps one set of trusted CAs per process, and with mbedTLS changing it frees the
/// chain a handshake may be reading: the gate changes it only while no transfer runs.
@Suite struct CertificateGateTests {
  private let first = CertificateGate.Locations(file: "/ca/first.pem", directory: nil)
  private let second = CertificateGate.Locations(file: "/ca/second.pem", directory: nil)

  @Test func otherLocationsWaitForTheTransfersUsingTheCurrentOnesToEnd() throws {
    let events = Mutex<[String]>([])
    let gate = CertificateGate { locations in
      events.withLock { $0.append("set \(locations.file ?? "-")") }
      return 0
    }
    let running = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let waiting = DispatchSemaphore(value: 0)
    gate.onWait = { waiting.signal() }
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      try? gate.run(trusting: first) { () throws(GitError) in
        events.withLock { $0.append("first starts") }
        running.signal()
        release.wait()
        events.withLock { $0.append("first ends") }
      }
    }
    running.wait()
    DispatchQueue.global().async(group: done) {
      try? gate.run(trusting: second) { () throws(GitError) in
        events.withLock { $0.append("second runs") }
      }
    }
    // The second transfer is at the gate, and has changed nothing.
    waiting.wait()
    #expect(events.withLock { $0 } == ["set /ca/first.pem", "first starts"])
    release.signal()
    done.wait()
    #expect(
      events.withLock { $0 } == [
        "set /ca/first.pem", "first starts", "first ends", "set /ca/second.pem", "second runs",
      ])
  }

  @Test func theSameLocationsOrNoneRunAlongsideAndAreSetOnce() throws {
    let sets = Mutex(0)
    let gate = CertificateGate { _ in
      sets.withLock { $0 += 1 }
      return 0
    }
    let running = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      try? gate.run(trusting: first) { () throws(GitError) in
        running.signal()
        release.wait()
      }
    }
    running.wait()
    // While the first transfer runs, these do not wait for it (they would never return).
    var ran = 0
    try gate.run(trusting: first) { () throws(GitError) in ran += 1 }
    try gate.run(trusting: nil) { () throws(GitError) in ran += 1 }
    release.signal()
    done.wait()
    #expect(ran == 2)
    #expect(sets.withLock { $0 } == 1)
  }

  @Test func aFailureToSetTheLocationsIsThrownAndLeavesTheGateOpen() throws {
    // The error is read from libgit2, as a real failure's is.
    LibGit2.initialize()
    let gate = CertificateGate { locations in locations.file == "/ca/first.pem" ? -1 : 0 }
    #expect(throws: GitError.self) {
      try gate.run(trusting: first) { () throws(GitError) in }
    }
    var ran = false
    try gate.run(trusting: second) { () throws(GitError) in ran = true }
    #expect(ran)
  }
}
