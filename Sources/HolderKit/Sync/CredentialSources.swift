import Git
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The credentials sync offers to a remote that asks (DESIGN §5), each once.
///
/// In this order: `HOLDER_GIT_TOKEN` (only over https, only to the remote's
/// own host), then git's credential helpers (`git credential fill` with
/// `GIT_TERMINAL_PROMPT=0`). They are never written into the store or its
/// config.
struct CredentialSources {
  /// The remote's configured URL; the token goes only to its host.
  let remoteURL: String
  let environment: [String: String]
  /// The store's work tree: git reads the repository's own `credential.*` settings there.
  let workTree: String
  /// What the credential helper answered last, so a refusal can be reported to it.
  private let helperAnswer = HelperAnswer()

  init(remoteURL: String, environment: [String: String], workTree: String) {
    self.remoteURL = remoteURL
    self.environment = environment
    self.workTree = workTree
  }

  /// Tells the credential helper its last answer was refused (`git credential reject`).
  func reportRefused() {
    guard let credential = helperAnswer.value else { return }
    _ = CredentialSources.helper(
      "reject", url: remoteURL, username: credential.username, password: credential.password,
      in: workTree)
  }

  var sources: [CredentialSource] {
    let token = environment["HOLDER_GIT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let remote = URLComponents(string: remoteURL)
    let host = remote?.host
    // The token is for one server: its host and port, as git's credential matching sees it.
    let port = remote?.port ?? 443
    var result: [CredentialSource] = []
    if let token {
      result.append(
        CredentialSource(name: "HOLDER_GIT_TOKEN") { url, username in
          guard let asked = URLComponents(string: url), asked.scheme == "https",
            asked.host != nil, asked.host == host, (asked.port ?? 443) == port
          else { return nil }
          return Credential(username: username ?? "holder-git", password: token)
        })
    }
    let answer = helperAnswer
    let workTree = workTree
    result.append(
      CredentialSource(name: Message("git credential helper").english) { url, username in
        let credential = CredentialSources.helper(
          "fill", url: url, username: username, password: nil, in: workTree)
        answer.value = credential
        return credential
      })
    return result
  }

  /// Tells git's credential helpers that the credential they gave worked (`approve`) or was
  /// refused (`reject`), so they store or forget it.
  func report(_ use: CredentialUse, worked: Bool) {
    guard use.offered.last == "git credential helper", let credential = use.last else { return }
    _ = CredentialSources.helper(
      worked ? "approve" : "reject", url: remoteURL, username: credential.username,
      password: credential.password, in: workTree)
  }

  /// Runs `git credential ACTION` for `url`; for `fill`, the credential it answers.
  static func helper(
    _ action: String, url: String, username: String?, password: String?, in workTree: String
  ) -> Credential? {
    guard let components = URLComponents(string: url), let scheme = components.scheme,
      let host = components.host
    else { return nil }
    var input = "protocol=\(scheme)\nhost=\(host)\(components.port.map { ":\($0)" } ?? "")\n"
    input += "path=\(components.path.drop { $0 == "/" })\n"
    if let username { input += "username=\(username)\n" }
    if let password { input += "password=\(password)\n" }
    input += "\n"
    var environment = ProcessInfo.processInfo.environment
    // Never ask on the terminal: a sync in a script must fail, not hang.
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_ASKPASS"] = "/bin/false"
    environment["SSH_ASKPASS"] = "/bin/false"
    // `run` writes the input before git starts, while this process still holds the pipe's
    // reading end: a git that exits without reading can then never kill holder-git with
    // SIGPIPE. The few hundred bytes fit the pipe's buffer. In a process group of its own, as
    // Foundation's `Process` started it: a Ctrl-C reaches holder-git, which ends the sync.
    guard
      let (termination, bytes) = try? ChildProcess.run(
        "/usr/bin/env", arguments: ["git", "credential", action], environment: environment,
        directory: workTree, input: Array(input.utf8), ownProcessGroup: true),
      action == "fill", termination.succeeded
    else { return nil }
    let output = String(decoding: bytes, as: UTF8.self)
    var fields: [String: String] = [:]
    for line in output.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    guard let user = fields["username"], let secret = fields["password"] else { return nil }
    return Credential(username: user, password: secret)
  }
}

/// The helper's last answer, shared with the callback that libgit2 calls on this thread.
private final class HelperAnswer: @unchecked Sendable {
  var value: Credential?
}
