/// A store synced with a bare remote, and an attacker's plain-git clone of that remote: the
/// start of every hostile-remote test (what the attacker pushes, the store's next sync meets).
public struct HostileRemote {
  public let binary: HolderBinary
  public let remote: String
  public let victim: String
  public let attacker: String

  /// The store `victim` with one bookmark, synced to `remote`; `attacker` cloned from it.
  public init() throws {
    binary = try HolderBinary()
    let git = binary.git
    remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    victim = git.path("victim")
    try Self.succeed(binary, ["init", victim])
    try git.runGit(["remote", "add", "origin", remote], in: victim)
    try Self.succeed(binary, ["add", "--store", victim, "https://example.org/a"])
    try Self.succeed(binary, ["sync", "--store", victim])
    attacker = git.path("attacker")
    try git.runGit(["clone", "-q", "-b", "main", remote, attacker], in: git.root)
    try git.runGit(["config", "user.name", "Attacker"], in: attacker)
    try git.runGit(["config", "user.email", "a@example.com"], in: attacker)
  }

  private static func succeed(_ binary: HolderBinary, _ args: [String]) throws {
    let result = try binary.run(args)
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["holder-git"] + args, status: result.status, stderr: result.stderr)
    }
  }
}
