// A child program started by holder-git: its standard streams wired as asked, its output read,
// its end seen, and nothing of holder-git's but what it was given.
import Foundation
import HolderKit
import Testing

@Suite struct ChildProcessTests {
  @Test func theOutputOfAProgramIsReadAndItsExitStatusSeen() throws {
    let (termination, output) = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", "printf 'one\\ntwo'; exit 3"])
    #expect(termination == .exited(3))
    #expect(!termination.succeeded)
    #expect(String(decoding: output, as: UTF8.self) == "one\ntwo")
  }

  @Test func inputIsGivenThenEnds() throws {
    let (termination, output) = try ChildProcess.run(
      "/bin/cat", input: Array("fill\nprotocol=https\n".utf8))
    #expect(termination.succeeded)
    #expect(String(decoding: output, as: UTF8.self) == "fill\nprotocol=https\n")
  }

  @Test func withoutInputTheProgramReadsNothing() throws {
    let (_, output) = try ChildProcess.run("/bin/sh", arguments: ["-c", "wc -c"])
    #expect(
      String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    )
  }

  @Test func aNameIsLookedUpInThePathOnlyWhenAsked() throws {
    #expect(throws: ChildProcessError.self) {
      try ChildProcess.run("sh", arguments: ["-c", "true"])
    }
    let (termination, _) = try ChildProcess.run(
      "sh", arguments: ["-c", "true"], searchingPath: true)
    #expect(termination.succeeded)
  }

  @Test func aProgramThatCannotStartSaysWhy() {
    do {
      _ = try ChildProcess.start("/nonexistent/program")
      Issue.record("it started")
    } catch {
      #expect(error.code == ENOENT)
      #expect(error.description == "/nonexistent/program: \(String(cString: strerror(ENOENT)))")
    }
  }

  @Test func theEnvironmentAndFolderAreTheOnesGiven() throws {
    let (_, output) = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", "printf '%s %s' \"$WORD\" \"$(pwd)\""],
      environment: ["WORD": "given"], directory: "/usr")
    #expect(String(decoding: output, as: UTF8.self) == "given /usr")
  }

  @Test func standardErrorGoesWhereItIsSent() throws {
    let error = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "echo said >&2"], output: .null, error: .pipe)
    #expect(error.readOutput().isEmpty)
    let said = StandardStream.readToEnd(try #require(error.errorOutput))
    #expect(error.wait().succeeded)
    #expect(String(decoding: said, as: UTF8.self) == "said\n")
  }

  @Test func aDescriptorGivenIsTheChildsStream() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let child = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "echo through"], output: .descriptor(ends[1]))
    close(ends[1])
    let said = StandardStream.readToEnd(ends[0])
    close(ends[0])
    #expect(child.wait() == .exited(0))
    #expect(String(decoding: said, as: UTF8.self) == "through\n")
  }

  @Test func aKilledChildIsSeenAsKilledAndWaitingTwiceGivesTheSameAnswer() throws {
    let child = try ChildProcess.start("/bin/sleep", arguments: ["30"])
    #expect(child.send(SIGKILL))
    #expect(child.wait() == .signalled(SIGKILL))
    #expect(child.wait() == .signalled(SIGKILL))
  }

  @Test func aChildGetsNoDescriptorButItsStandardOnesAndDefaultSignals() throws {
    // A descriptor without close-on-exec, as a socket some library opened would be.
    let stray = open("/dev/null", O_RDONLY)
    #expect(stray > 2)
    defer { close(stray) }
    // Ignored here, as holder-git ignores SIGTTOU while it hands the terminal over.
    let previous = signal(SIGTTOU, SIG_IGN)
    defer { signal(SIGTTOU, previous) }
    let (_, output) = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", "ls /proc/$$/fd; grep '^SigIgn' /proc/$$/status"])
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    let descriptors = Set(lines.filter { Int($0) != nil })
    #expect(!descriptors.contains(String(stray)), "\(descriptors)")
    #expect(descriptors.isSubset(of: ["0", "1", "2", "3"]), "\(descriptors)")
    let ignored = try #require(lines.first { $0.hasPrefix("SigIgn") })
    let mask = UInt64(ignored.split(separator: "\t").last ?? "", radix: 16) ?? 1
    #expect(mask & (1 << UInt64(SIGTTOU - 1)) == 0, "\(ignored)")
  }

  @Test func aChildStartsInItsOwnProcessGroupOnlyWhenAsked() throws {
    let own = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "awk '{ print $5 }' /proc/$$/stat"], output: .pipe,
      ownProcessGroup: true)
    let ownGroup = String(decoding: own.readOutput(), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    own.wait()
    #expect(ownGroup == String(own.pid))
    let shared = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "awk '{ print $5 }' /proc/$$/stat"], output: .pipe)
    let sharedGroup = String(decoding: shared.readOutput(), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    shared.wait()
    #expect(sharedGroup == String(getpgrp()))
  }
}
