import Dispatch
import FetchProtocol
import Git
import Localization
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// One running `holder-git-fetch serve`: requests go out as lines, and a reader thread hands
/// each answer to the caller waiting for its id, so many fetches share one helper.
///
/// The helper ends when its input ends, which happens when this connection goes away.
final class HelperConnection: Sendable {
  private let socket: HelperSocket
  private let mailbox = Mailbox()

  init(arguments: [String]) throws(FetchError) {
    let (process, socket) = try HelperProgram.start(arguments)
    self.socket = socket
    let mailbox = mailbox
    // The thread holds the socket and the mailbox, never the connection, so the connection's
    // end closes the helper's input.
    startDetachedThread {
      let decoder = JSONDecoder()
      while let line = socket.readLine() {
        guard let answer = try? decoder.decode(FetchResponse.self, from: Data(line)) else {
          mailbox.stop(
            .helperFailed(
              reason: Message(
                "the helper program holder-git-fetch answered with a line that is not an answer"
              ).english))
          break
        }
        mailbox.deliver(answer)
      }
      mailbox.stop(.helperFailed(reason: process.wait()))
    }
  }

  deinit {
    socket.finishWriting()
  }

  /// Sends the request `make` builds for a fresh id and waits for its answer at most
  /// `seconds`.
  func ask(waitingAtMost seconds: Double, _ make: (Int) -> FetchRequest) -> Result<
    FetchResponse, FetchError
  > {
    let (id, slot) = mailbox.register()
    let request = make(id)
    guard let line = try? JSONEncoder().encode(request), socket.send([UInt8](line) + [0x0A])
    else {
      mailbox.forget(id)
      return .failure(
        mailbox.stopped
          ?? .helperFailed(
            reason: Message("the helper program holder-git-fetch stopped taking requests").english))
    }
    let answered = slot.done.wait(timeout: .now() + max(seconds, 0.001))
    mailbox.forget(id)
    guard answered == .success, let result = slot.result else {
      return .failure(.timedOut(url: request.url, seconds: request.timeout))
    }
    return result
  }

  /// One answer awaited.
  final class Slot: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var result: Result<FetchResponse, FetchError>?
  }

  /// The answers awaited, by id, behind a lock.
  private final class Mailbox: @unchecked Sendable {
    private let lock = Mutex(())
    private var slots: [Int: Slot] = [:]
    private var nextID = 0
    private var stoppedBecause: FetchError?

    var stopped: FetchError? { lock.withLock { _ in stoppedBecause } }

    func register() -> (Int, Slot) {
      let slot = Slot()
      return lock.withLock { _ in
        nextID += 1
        if let stoppedBecause {
          slot.result = .failure(stoppedBecause)
          slot.done.signal()
        } else {
          slots[nextID] = slot
        }
        return (nextID, slot)
      }
    }

    func forget(_ id: Int) {
      lock.withLock { _ in slots[id] = nil }
    }

    func deliver(_ answer: FetchResponse) {
      lock.withLock { _ in
        guard let slot = slots.removeValue(forKey: answer.id) else { return }
        slot.result = .success(answer)
        slot.done.signal()
      }
    }

    /// Every waiting caller gets `reason`, and so does every later one.
    func stop(_ reason: FetchError) {
      lock.withLock { _ in
        if stoppedBecause == nil { stoppedBecause = reason }
        for slot in slots.values {
          slot.result = .failure(stoppedBecause ?? reason)
          slot.done.signal()
        }
        slots = [:]
      }
    }
  }
}
