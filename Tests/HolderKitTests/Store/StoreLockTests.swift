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
}
