import Foundation
import HolderCoreTestSupport
import Testing

/// The test support's guard against hangs: a child process that never ends fails its own test,
/// named with what it printed, instead of holding the whole run until CI's limit.
@Suite struct ChildProcessDeadlineTests {
  @Test func aChildPastItsDeadlineIsKilledAndNamedWithWhatItPrinted() throws {
    let error = #expect(throws: ProcessFailure.self) {
      try runProcess(
        "/bin/sh", ["-c", "echo started; exec sleep 600"], cwd: nil, env: nil, stdin: nil,
        deadline: 1)
    }
    let text = error?.description ?? ""
    #expect(text.contains("sleep 600"), "\(text)")
    #expect(text.contains("still running after 1 s, so it was killed"), "\(text)")
    #expect(text.contains("started"), "\(text)")
  }

  @Test func aChildWithinItsDeadlineGivesItsOutputAndStatus() throws {
    let result = try runProcess(
      "/bin/sh", ["-c", "cat; echo to-stderr >&2; exit 3"], cwd: nil, env: nil,
      stdin: Array("from stdin\n".utf8))
    #expect(result.status == 3)
    #expect(result.stdout == "from stdin\n")
    #expect(result.stderr == "to-stderr\n")
  }
}
