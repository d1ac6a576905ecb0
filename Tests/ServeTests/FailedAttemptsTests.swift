import Synchronization
import Testing

// The slow-down's clock, moved by the test: the wait doubles with each failure past the free
// ones, ends when its time is up, and an address that stopped failing is forgotten.
@testable import Serve

@Suite struct FailedAttemptsTests {
  /// A clock that moves only when the test says.
  final class TestClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
  }

  @Test func theWaitDoublesWithEachFailureAndEndsWhenItsTimeIsUp() {
    let clock = TestClock()
    let attempts = FailedAttempts(free: 3, firstWait: .seconds(30), now: { clock.now })
    #expect(attempts.failed(from: "203.0.113.9") == nil)
    #expect(attempts.failed(from: "203.0.113.9") == nil)
    #expect(attempts.wait(for: "203.0.113.9") == nil)
    #expect(attempts.failed(from: "203.0.113.9") == .seconds(30))
    #expect(attempts.wait(for: "203.0.113.9") == .seconds(30))
    #expect(attempts.wait(for: "198.51.100.7") == nil)
    clock.advance(.seconds(10))
    #expect(attempts.wait(for: "203.0.113.9") == .seconds(20))
    clock.advance(.seconds(20))
    #expect(attempts.wait(for: "203.0.113.9") == nil)
    #expect(attempts.failed(from: "203.0.113.9") == .seconds(60))
    clock.advance(.seconds(60))
    #expect(attempts.failed(from: "203.0.113.9") == .seconds(120))
  }

  @Test func theWaitHasACeilingAndASuccessOrADayOfQuietForgetsTheAddress() {
    let clock = TestClock()
    let attempts = FailedAttempts(
      free: 1, firstWait: .seconds(30), longest: .seconds(3600), memory: .seconds(86_400),
      now: { clock.now })
    for _ in 0..<20 { attempts.failed(from: "203.0.113.9") }
    #expect(attempts.wait(for: "203.0.113.9") == .seconds(3600))
    attempts.succeeded(from: "203.0.113.9")
    #expect(attempts.wait(for: "203.0.113.9") == nil)
    for _ in 0..<5 { attempts.failed(from: "198.51.100.7") }
    clock.advance(.seconds(86_400))
    #expect(attempts.failed(from: "198.51.100.7") == .seconds(30))
  }

  @Test func onlyAProxyOnThisMachineIsBelievedAboutTheClientsAddress() {
    let forwarded = "198.51.100.7, 203.0.113.9"
    #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: forwarded) == "203.0.113.9")
    #expect(ClientAddress.client(peer: "::1", forwardedFor: forwarded) == "203.0.113.9")
    #expect(ClientAddress.client(peer: "192.0.2.1", forwardedFor: forwarded) == "192.0.2.1")
    #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: "") == "127.0.0.1")
  }

  @Test func theLogLineNamesTimeAddressAndRouteOnly() {
    let line = FailedAttempts.logLine(address: "203.0.113.9", route: "POST /login")
    #expect(line.contains("203.0.113.9"))
    #expect(line.contains("POST /login"))
    #expect(line.contains("T"))
  }
}
