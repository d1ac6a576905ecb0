import Foundation
import HolderCoreTestSupport
import Testing

/// Runs the built `holder-git` binary, as a person would from a shell.
///
/// `@unchecked Sendable`: concurrent tests only call `run`, which reads the
/// fixture's immutable paths; only the test's own thread ticks the git clock.
public struct HolderBinary: @unchecked Sendable {
  /// The binary: `$HOLDER_GIT_BINARY`, else `holder-git` beside the test bundle.
  public static var path: String {
    if let explicit = ProcessInfo.processInfo.environment["HOLDER_GIT_BINARY"] {
      return explicit
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // The test runner lives in <bin>/holder-gitPackageTests.xctest or beside it.
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("holder-git").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return ".build/debug/holder-git"
  }

  /// What a run printed and how it ended.
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The scratch directory: HOME, and where stores are made.
  public let git: GitFixture
  /// Where the binary writes down each sentence it shows that a Korean or Japanese reader would
  /// get in English (`HOLDER_GIT_MESSAGE_AUDIT`); read after every run.
  public let messageAudit: String

  public init() throws {
    git = try GitFixture()
    messageAudit =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "holder-message-audit-\(UUID().uuidString)"
      ).path
  }

  /// Fails the test when a run since the last call showed a sentence with no Korean or Japanese
  /// entry in the catalogs: every message a test reaches must be in all three languages.
  public func expectEveryMessageTranslated() {
    guard let data = FileManager.default.contents(atPath: messageAudit) else { return }
    try? FileManager.default.removeItem(atPath: messageAudit)
    let lines = Set(String(decoding: data, as: UTF8.self).split(separator: "\n"))
    guard !lines.isEmpty else { return }
    Issue.record(
      """
      shown in English to a Korean or Japanese reader (language, the English part, the \
      sentence); add the catalog entries or make the text a Message:
      \(lines.sorted().joined(separator: "\n"))
      """)
  }

  /// Runs `holder-git args` in `directory` (default: the scratch root) with a private HOME.
  @discardableResult
  public func run(
    _ args: [String], in directory: String? = nil, env: [String: String] = [:],
    stdin: [UInt8]? = nil
  ) throws -> Result {
    let result = try runProcess(
      HolderBinary.path, args, cwd: directory ?? git.root, env: environment(env), stdin: stdin)
    expectEveryMessageTranslated()
    return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
  }

  /// The environment `run` gives the binary, with `env` on top.
  public func environment(_ env: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("GIT_") && !$0.key.hasPrefix("HOLDER_GIT")
    }
    environment["HOME"] = git.root
    environment["XDG_DATA_HOME"] = git.path(".local/share")
    environment["XDG_CONFIG_HOME"] = git.path(".config")
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    // Tests never reach the network: a test that fetches from its own 127.0.0.1 server
    // passes HOLDER_GIT_OFFLINE=0.
    environment["HOLDER_GIT_OFFLINE"] = "1"
    // Those servers are this machine, which holder-git fetches from only when allowed; a test
    // of the refusal passes HOLDER_GIT_FETCH_LOOPBACK=0.
    environment["HOLDER_GIT_FETCH_LOOPBACK"] = "1"
    // The tests' own servers are on 127.0.0.1; a proxy set on the machine must not see them.
    environment["NO_PROXY"] = "127.0.0.1,localhost"
    environment["no_proxy"] = "127.0.0.1,localhost"
    environment["HOLDER_GIT_MESSAGE_AUDIT"] = messageAudit
    environment.merge(env) { _, new in new }
    return environment
  }
}
