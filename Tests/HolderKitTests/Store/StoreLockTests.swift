import Foundation
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreLockTests {
  @Test func aHeldLockMakesTheNextWaitThenSayWhoHoldsIt() throws {
    let fixture = try StoreFixture()
    do {
      let held = try fixture.store.lock()
      #expect {
        try fixture.store.lock(timeout: 0.2)
      } throws: { error in
        let text = (error as? StoreError)?.errorDescription ?? ""
        return text.contains("holder-git.lock") && text.contains("process \(getpid())")
      }
      withExtendedLifetime(held) {}
    }
    let again = try fixture.store.lock(timeout: 0.2)
    withExtendedLifetime(again) {}
  }

  @Test func aLockLeftByAKilledProcessIsFreeAtOnce() throws {
    let fixture = try StoreFixture()
    let lockFile = fixture.store.gitDirectory + "/holder-git.lock"
    // A shell takes the lock on fd 9, says so, then becomes `sleep` still holding it; killing
    // that one process is a crash of the holder.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/bin/sh")
    holder.arguments = ["-c", "exec 9>>\"$0\"; flock 9; echo locked; exec sleep 60", lockFile]
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    defer { if holder.isRunning { holder.terminate() } }
    let ready = output.fileHandleForReading.availableData
    try #require(String(decoding: ready, as: UTF8.self) == "locked\n")
    #expect(throws: StoreError.self) { try fixture.store.lock(timeout: 0.1) }
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    do {
      let taken = try fixture.store.lock(timeout: 2)
      withExtendedLifetime(taken) {}
    }
    try fixture.add("https://example.org/after-a-crash")
    #expect(try fixture.status() == "")
  }
}
