import Foundation
import HolderTestSupport
import Testing

/// A mistyped command is answered with the command it most likely was, as git answers `git lsit`.
@Suite struct UnknownCommandTests {
  @Test(arguments: [
    ("lsit", "list"), ("sycn", "sync"), ("serach", "search"), ("stauts", "status"),
    ("impor", "import"),
  ])
  func aMistypedCommandNamesTheOneMeant(typed: String, meant: String) throws {
    let binary = try HolderBinary()
    let result = try binary.run([typed])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'\(typed)' is not a holder-git command"), "\(result.stderr)")
    #expect(result.stderr.contains("\t\(meant)\n"), "\(result.stderr)")
    #expect(
      result.stderr.components(separatedBy: "\t\(meant)\n").count == 2,
      "each command is suggested once: \(result.stderr)")
  }

  @Test func aWordNearNoCommandSaysOnlyThatItIsNone() throws {
    let binary = try HolderBinary()
    let result = try binary.run(["--store", binary.git.path("s"), "frobnicate"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'frobnicate' is not a holder-git command"))
    #expect(!result.stderr.contains("most similar"))
  }

  @Test func theRealCommandsAndHelpStillRun() throws {
    let binary = try HolderBinary()
    #expect(try binary.run(["help", "list"]).stdout.contains("USAGE"))
    #expect(try binary.run(["--version"]).status == 0)
  }
}
