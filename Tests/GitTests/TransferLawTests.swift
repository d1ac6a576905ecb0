import Foundation
import HolderTestSupport
import Testing

@testable import Git

/// The law of every transfer: after each push and each fetch, over every transport, the
/// repository that received objects has every object its references reach
/// (`git rev-list --objects --missing=print` names none); at the end of each history every
/// repository passes `git fsck --strict --full`, a fresh `git clone` of the remote passes too,
/// and `git index-pack --strict --fsck-objects` writes for each pack the index it has.
///
/// Random histories of three machines and one bare remote, built to repeat trees: an undo
/// commits its parent's tree again, a revert an older tree of the same machine, a merge one
/// side's tree or a blend of both, and file contents come from a small pool so that blobs
/// repeat across paths and commits. The hand-written transfer of a remote on this machine
/// once skipped a tree met a second time and corrupted the remote in more than half of such
/// histories. `HOLDER_TRANSFER_HISTORIES` sets how many histories each transport on this
/// machine runs (a network transport runs a quarter as many); CI runs the fixed sample below.
@Suite(.serialized) struct TransferLawTests {
  /// Histories per transport on this machine: the fixed sample, or the environment's number.
  static let histories =
    ProcessInfo.processInfo.environment["HOLDER_TRANSFER_HISTORIES"].flatMap { Int($0) } ?? 12

  @Test(arguments: TransferWorld.Transport.allCases)
  func everyPushAndFetchLeavesTheReceivingRepositoryWhole(
    _ transport: TransferWorld.Transport
  ) throws {
    let fixture = try GitFixture()
    let served = fixture.path("served")
    try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
    let server = try TransferWorld.Server(transport, served: served, fixture: fixture)
    let count = transport.isOnThisMachine ? Self.histories : max(1, Self.histories / 4)
    var transfers = 0
    for history in 0..<count {
      let seed = UInt64(history) &* 0x9E37_79B9 &+ transport.salt
      var world = try TransferWorld(
        fixture: fixture, server: server, name: "h\(history)", seed: seed)
      let failure = try world.run(steps: 60)
      guard failure == nil else {
        Issue.record("history \(history) over \(transport): \(failure ?? "")")
        return
      }
      transfers += world.transfers
      try world.removeAll()
    }
    // Each history did transfer: the law was not satisfied by doing nothing.
    #expect(transfers >= count * 10)
    withExtendedLifetime(server) {}
  }
}

/// Three machines and one bare remote, driven by a seeded generator.
struct TransferWorld {
  enum Transport: String, CaseIterable, CustomStringConvertible {
    case path, fileURL, gitDaemon, ssh, http

    var isOnThisMachine: Bool { self == .path || self == .fileURL }
    /// Each transport's own seeds, the same on every run.
    var salt: UInt64 {
      UInt64(Self.allCases.firstIndex(of: self) ?? 0) << 32
    }
    var description: String { rawValue }
  }

  /// What serves the remotes of one transport; each history's remote is a folder under
  /// `served`.
  struct Server {
    let transport: Transport
    let served: String
    let daemon: LoopbackServer?
    let apache: LoopbackServer?
    let ssh: SSHTestServer?

    init(_ transport: Transport, served: String, fixture: GitFixture) throws {
      self.transport = transport
      self.served = served
      daemon = transport == .gitDaemon ? try LoopbackServer.gitDaemon(basePath: served) : nil
      ssh = transport == .ssh ? try SSHTestServer(scratch: try Self.folder(fixture, "ssh")) : nil
      apache =
        transport == .http
        ? try LoopbackServer.apacheGit(
          root: served, user: "alice", password: "secret",
          scratch: try Self.folder(fixture, "apache"))
        : nil
    }

    private static func folder(_ fixture: GitFixture, _ name: String) throws -> String {
      let path = fixture.path(name)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return path
    }

    /// The URL machines use for the bare repository `name` under `served`.
    func url(_ name: String) -> String {
      let path = served + "/" + name
      if let daemon { return "git://127.0.0.1:\(daemon.port)/\(name)" }
      if let ssh { return ssh.url(path) }
      if let apache { return "http://127.0.0.1:\(apache.port)/git/\(name)" }
      return transport == .fileURL ? "file://" + path : path
    }

    var credentials: [CredentialSource] {
      transport == .http
        ? [
          CredentialSource(name: "test") { _, _ in Credential(username: "alice", password: "secret")
          }
        ]
        : []
    }
  }

  struct Machine {
    let path: String
    let repository: Repository
    /// Every tree this machine committed, for reverts to an older state.
    var trees: [ObjectID] = []
  }

  static let branch = "refs/heads/main"
  static let tracking = "refs/remotes/origin/main"

  let fixture: GitFixture
  let server: Server
  let bare: String
  var machines: [Machine] = []
  var rng: SplitMix
  var clock: Int64 = 1_700_000_000
  /// Pushes and fetches that moved objects or references.
  var transfers = 0
  /// The steps so far, for the failure message.
  var log: [String] = []

  init(fixture: GitFixture, server: Server, name: String, seed: UInt64) throws {
    self.fixture = fixture
    self.server = server
    rng = SplitMix(state: seed)
    bare = server.served + "/" + name + ".git"
    _ = try Repository.createBare(at: bare)
    if server.transport == .http {
      // Apache's git-http-backend writes as `nobody`.
      try fixture.runGit(["config", "http.receivepack", "true"], in: bare)
      _ = try runProcess("/bin/chmod", ["-R", "a+rwX", bare], cwd: nil, env: nil, stdin: nil)
    }
    for n in 0..<3 {
      let path = fixture.path(name + "-m\(n)")
      let repository = try Repository.create(at: path)
      try fixture.runGit(["remote", "add", "origin", server.url(name + ".git")], in: path)
      if let ssh = server.ssh {
        try fixture.runGit(["config", "core.sshCommand", ssh.sshCommand], in: path)
      }
      machines.append(Machine(path: path, repository: repository))
    }
  }

  /// Runs `steps` random steps; the first broken law, described with the steps that led to
  /// it, or nil.
  mutating func run(steps: Int) throws -> String? {
    for _ in 0..<steps {
      if let broken = try step() {
        return broken + "\nsteps:\n" + log.joined(separator: "\n")
      }
    }
    // Every machine sends what it has, then the remote must clone whole.
    for index in machines.indices {
      if let broken = try push(index) { return broken + "\n" + log.joined(separator: "\n") }
    }
    let clone = bare + "-clone"
    do {
      try fixture.runGit(["clone", "-q", "--no-checkout", bare, clone], in: fixture.root)
      try fixture.runGit(["fsck", "--strict", "--full", "--no-progress"], in: clone)
    } catch {
      return "a fresh clone of the remote failed: \(error)\n" + log.joined(separator: "\n")
    }
    for repository in machines.map(\.path) + [bare] {
      if let broken = whole(repository, after: "the history", strict: true) {
        return broken + "\n" + log.joined(separator: "\n")
      }
    }
    for objects in [bare + "/objects"] + machines.map({ $0.path + "/.git/objects" }) {
      if let broken = packsAsGitIndexesThem(objects) {
        return broken + "\n" + log.joined(separator: "\n")
      }
    }
    return nil
  }

  /// Why a pack under `objects` is not one git accepts, or nil: `git index-pack --strict
  /// --fsck-objects` reads each pack and writes an index byte for byte equal to its `.idx`.
  private func packsAsGitIndexesThem(_ objects: String) -> String? {
    let folder = objects + "/pack"
    let packs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".pack") }
    for pack in packs {
      let ours = folder + "/" + pack.dropLast(5) + ".idx"
      let gits = fixture.path("index-pack.idx")
      try? FileManager.default.removeItem(atPath: gits)
      do {
        try fixture.runGit(
          ["index-pack", "--strict", "--fsck-objects", "-o", gits, folder + "/" + pack],
          in: (objects as NSString).deletingLastPathComponent)
        guard FileManager.default.contentsEqual(atPath: ours, andPath: gits) else {
          return "git index-pack writes another index for \(folder)/\(pack)"
        }
      } catch {
        return "git index-pack refuses \(folder)/\(pack): \(error)"
      }
    }
    return nil
  }

  func removeAll() throws {
    for path in machines.map(\.path) + [bare, bare + "-clone"] {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  private mutating func draw(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }

  private mutating func step() throws -> String? {
    let index = draw(machines.count)
    let roll = draw(100)
    switch roll {
    case 0..<35: try edit(index)
    case 35..<47: try undo(index)
    case 47..<55: try merge(index)
    case 55..<75: return try push(index)
    case 75..<95: return try fetch(index)
    default: try pack(index)
    }
    return nil
  }

  // MARK: Making history

  private var signature: Signature { Signature(name: "T", email: "t@example.com", time: clock) }

  /// Commits `tree` on machine `index` with `parents` (HEAD's by default).
  private mutating func commit(_ tree: ObjectID, _ index: Int, parents: [ObjectID]? = nil)
    throws
  {
    clock += 60
    let repository = machines[index].repository
    let head = try repository.resolveReference(Self.branch)
    let id = try repository.createCommit(
      tree: tree, parents: parents ?? head.map { [$0] } ?? [], author: signature,
      committer: signature, message: "c\(clock)\n")
    try repository.updateReference(Self.branch, to: id, expected: head, logMessage: "commit")
    machines[index].trees.append(tree)
  }

  /// Every file of `tree` (nil: empty) by path.
  private func files(_ tree: ObjectID?, in repository: Repository, prefix: String = "")
    throws -> [String: ObjectID]
  {
    guard let tree else { return [:] }
    var result: [String: ObjectID] = [:]
    for entry in try repository.treeEntries(tree) {
      if entry.kind == .tree {
        result.merge(
          try files(entry.id, in: repository, prefix: prefix + entry.name + "/")
        ) { $1 }
      } else {
        result[prefix + entry.name] = entry.id
      }
    }
    return result
  }

  private func headTree(_ index: Int) throws -> ObjectID? {
    let repository = machines[index].repository
    return try repository.resolveReference(Self.branch).map { try repository.commit($0).tree }
  }

  private mutating func randomPath() -> String {
    let hosts = ["a.example", "a.org", "b.example", "b.net", "c.org"]
    let host = hosts[draw(hosts.count)]
    let deeper = draw(5) == 0 ? "deep/" : ""
    return "bookmarks/\(host.prefix(1))/\(host)/\(deeper)p\(draw(8)).json"
  }

  /// One to four files set (from a small pool of contents) or removed.
  private mutating func edit(_ index: Int) throws {
    let repository = machines[index].repository
    let base = try headTree(index)
    let existing = Array(try files(base, in: repository).keys).sorted()
    var changes: [String: TreeChange] = [:]
    for _ in 0..<(1 + draw(4)) {
      if !existing.isEmpty && draw(4) == 0 {
        changes[existing[draw(existing.count)]] = .remove
      } else {
        let blob = try repository.writeBlob(Array("{\"n\": \(draw(12))}\n".utf8))
        changes[randomPath()] = .upsert(blob, kind: .blob)
      }
    }
    let tree = try repository.tree(applying: changes, to: base)
    try commit(tree, index)
    log.append("m\(index) edit \(changes.count)")
  }

  /// A new commit of an earlier tree: the parent's (an undo) or any this machine made.
  private mutating func undo(_ index: Int) throws {
    let repository = machines[index].repository
    guard let head = try repository.resolveReference(Self.branch) else { return }
    let parents = try repository.commit(head).parents
    let tree: ObjectID
    if draw(2) == 0, let parent = parents.first {
      tree = try repository.commit(parent).tree
    } else if !machines[index].trees.isEmpty {
      tree = machines[index].trees[draw(machines[index].trees.count)]
    } else {
      return
    }
    try commit(tree, index)
    log.append("m\(index) undo")
  }

  /// A merge of the remote-tracking branch: one side's tree, or ours with some of theirs.
  private mutating func merge(_ index: Int) throws {
    let repository = machines[index].repository
    guard let theirs = try repository.resolveReference(Self.tracking) else { return }
    guard let ours = try repository.resolveReference(Self.branch) else {
      try repository.updateReference(Self.branch, to: theirs, expected: nil, logMessage: "ff")
      log.append("m\(index) take")
      return
    }
    if try ours == theirs || repository.isDescendant(ours, of: theirs) { return }
    if try repository.isDescendant(theirs, of: ours) {
      try repository.updateReference(Self.branch, to: theirs, expected: ours, logMessage: "ff")
      log.append("m\(index) fast-forward")
      return
    }
    let ourTree = try repository.commit(ours).tree
    let theirTree = try repository.commit(theirs).tree
    let tree: ObjectID
    switch draw(3) {
    case 0: tree = ourTree
    case 1: tree = theirTree
    default:
      var changes: [String: TreeChange] = [:]
      for (path, id) in try files(theirTree, in: repository) where draw(2) == 0 {
        changes[path] = .upsert(id, kind: .blob)
      }
      tree = try repository.tree(applying: changes, to: ourTree)
    }
    try commit(tree, index, parents: [ours, theirs])
    log.append("m\(index) merge")
  }

  /// `git gc` or `git repack` on a machine or on the remote, so packs and loose objects mix.
  private mutating func pack(_ index: Int) throws {
    let target = draw(2) == 0 ? bare : machines[index].path
    let command = draw(2) == 0 ? ["gc", "-q"] : ["repack", "-q", "-d"]
    try fixture.runGit(command, in: target)
    if server.transport == .http {
      _ = try runProcess("/bin/chmod", ["-R", "a+rwX", bare], cwd: nil, env: nil, stdin: nil)
    }
    log.append("\(target == bare ? "remote" : "m\(index)") \(command[0])")
  }

  // MARK: Transfers and the law

  private mutating func push(_ index: Int) throws -> String? {
    let repository = machines[index].repository
    guard try repository.resolveReference(Self.branch) != nil else { return nil }
    let result: PushResult
    do {
      result = try repository.push(
        remote: "origin", refspecs: ["\(Self.branch):\(Self.branch)"],
        credentials: server.credentials)
    } catch {
      guard error.code == .nonFastForward else { throw error }
      log.append("m\(index) push: not a fast-forward")
      return nil
    }
    log.append("m\(index) push\(result.rejected.isEmpty ? "" : " rejected")")
    guard result.rejected.isEmpty else { return nil }
    transfers += 1
    return whole(bare, after: "push from m\(index)")
  }

  private mutating func fetch(_ index: Int) throws -> String? {
    let repository = machines[index].repository
    try repository.fetch(
      remote: "origin", refspecs: ["+\(Self.branch):\(Self.tracking)"],
      credentials: server.credentials)
    log.append("m\(index) fetch")
    transfers += 1
    return whole(machines[index].path, after: "fetch into m\(index)")
  }

  /// Why `repository` is not whole, or nil: an object its references reach is missing, or,
  /// when `strict`, `git fsck --strict --full` fails (run at the end of each history, where it
  /// reads every object each transfer wrote).
  private func whole(_ repository: String, after what: String, strict: Bool = false) -> String? {
    do {
      let missing = try fixture.runGit(
        ["rev-list", "--objects", "--missing=print", "--all"], in: repository
      ).split(separator: "\n").filter { $0.hasPrefix("?") }
      if !missing.isEmpty {
        return "after \(what), \(repository) lacks \(missing.count) objects: \(missing.prefix(3))"
      }
      if strict {
        try fixture.runGit(["fsck", "--strict", "--full", "--no-progress"], in: repository)
      }
    } catch {
      return "after \(what), \(repository) is not whole: \(error)"
    }
    return nil
  }
}
