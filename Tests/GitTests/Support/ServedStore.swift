import Foundation
import Git
import HolderTestSupport

/// The far side of the fetch, push and ssh tests: a bare `srv/store.git` whose `main` holds
/// one commit, made with git in the clone `work`.
struct ServedStore {
  let fixture: GitFixture
  let bare: String
  let work: String
  /// The id of the commit on `main`.
  let head: String

  /// Fetches every branch of the remote into `refs/remotes/origin/`.
  static let fetchAll = ["+refs/heads/*:refs/remotes/origin/*"]

  init() throws {
    fixture = try GitFixture()
    bare = try fixture.initRepository("srv/store.git", bare: true)
    work = try fixture.initRepository("work")
    head = try fixture.commitFiles(["a.json": "{}\n"], message: "First", in: work)
    try fixture.runGit(["push", "-q", bare, "main"], in: work)
  }

  /// A new empty folder `name` in the scratch directory, for a server's files.
  func folder(_ name: String) throws -> String {
    let path = fixture.path(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Writes a shell script with `body` to `relative` in the scratch directory, executable,
  /// and returns its path: a hook, or a stand-in for a program.
  @discardableResult
  func script(_ relative: String, _ body: String) throws -> String {
    try fixture.scratch.writeExecutable("#!/bin/sh\n" + body, to: relative)
    return fixture.path(relative)
  }

  /// A new repository `name` to fetch into, opened with libgit2; with `sshCommand` as its
  /// `core.sshCommand` when one is given.
  func emptyRepository(_ name: String = "local", sshCommand: String? = nil) throws -> Repository {
    let path = try fixture.initRepository(name)
    if let sshCommand {
      try fixture.runGit(["config", "core.sshCommand", sshCommand], in: path)
    }
    return try Repository.open(at: path)
  }
}
