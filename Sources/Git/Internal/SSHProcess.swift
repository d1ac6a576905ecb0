#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
import Localization
#endif

/// One running `ssh … git-upload-pack '…'` whose stdin and stdout are the git protocol stream.
///
/// The stream is one end of a socket pair rather than two pipes: `send` with `MSG_NOSIGNAL`
/// reports a dead ssh as `EPIPE` instead of killing holder-git with SIGPIPE. ssh's stderr goes
/// to an unlinked temporary file, read only when something failed, so a chatty ssh can never
/// block on a full pipe. ssh is started with `posix_spawn`, not Foundation's `Process`: ssh
/// closes every inherited descriptor, including the one `Process` watches to learn that a
/// child ended, and `Process` would then stop reaping all other children until ssh exits.
final class SSHProcess {
  private var pid: pid_t = 0
  private var status: Int32 = 0
  private var socket: Int32
  private let errors: Int32
  private let host: String
  private let port: Int?

  /// Starts `arguments` (an `SSHCommand`'s) for a connection to `host` on `port`.
  init(arguments: [String], host: String, port: Int?) throws(GitError) {
    self.host = host
    self.port = port
    var ends: [Int32] = [-1, -1]
    // CLOEXEC: no other child, and not ssh itself, may hold our end, or ssh never sees EOF.
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        == 0
    else {
      throw GitError.ssh("could not create a socket pair for ssh: \(Self.lastError())")
    }
    socket = ends[0]
    var template = Array("\(temporaryFolder())/holder-git-ssh-XXXXXX".utf8CString)
    errors = mkstemp(&template)
    guard errors >= 0 else {
      close(ends[0])
      close(ends[1])
      throw GitError.ssh("could not create a temporary file for ssh's messages")
    }
    _ = fcntl(errors, F_SETFD, FD_CLOEXEC)
    _ = unlink(template)
    defer { close(ends[1]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors, 2)
    // ssh gets default signal handling and an empty mask, whatever holder-git set for itself.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGINT)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer {
      for argument in argv { free(argument) }
    }
    let started = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
    guard started == 0 else {
      close(socket)
      close(errors)
      throw GitError.ssh(
        "could not start ssh (\(arguments[3])): \(String(cString: strerror(started)))")
    }
  }

  deinit {
    finish()
    close(errors)
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }

  /// Reads what is there, up to `count` bytes; 0 only at the end of the stream.
  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(GitError) -> Int {
    while true {
      let got = recv(socket, buffer, count, 0)
      if got > 0 { return got }
      if got < 0 && errno == EINTR { continue }
      // End of stream: ssh is gone; if it failed, what it said is the error.
      try failIfSSHFailed()
      return 0
    }
  }

  /// Writes all of `count` bytes.
  func write(_ buffer: UnsafeRawPointer, count: Int) throws(GitError) {
    var sent = 0
    while sent < count {
      let wrote = send(socket, buffer + sent, count - sent, Int32(MSG_NOSIGNAL))
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else {
        try failIfSSHFailed()
        throw GitError.ssh(Message("ssh to \(host) closed the connection").english)
      }
      sent += wrote
    }
  }

  /// Closes the stream, which ends ssh, and waits for it so no process is left behind.
  func finish() {
    guard socket >= 0 else { return }
    close(socket)
    socket = -1
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  /// Throws ssh's own words when it exited with a failure.
  private func failIfSSHFailed() throws(GitError) {
    finish()
    // waitpid's status: exited normally with 0 is the only success.
    guard status != 0 else { return }
    let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    var said: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while said.count < 65536 {
      let got = pread(errors, &chunk, chunk.count, off_t(said.count))
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      said += chunk[..<got]
    }
    throw GitError.fromSSH(
      String(decoding: said, as: UTF8.self), host: host, port: port, status: exitStatus)
  }
}

extension GitError {
  /// A failure of the ssh transport with holder-git's own wording.
  static func ssh(_ message: String) -> GitError {
    GitError(code: .other(-1), klass: 23, message: message, function: "ssh")
  }

  /// ssh's message turned into an error that says what to do; a host key or login failure is
  /// `.certificate`/`.auth` so that sync stops instead of waiting for the network to return.
  static func fromSSH(_ stderr: String, host: String, port: Int?, status: Int32) -> GitError {
    let lines = stderr.split(whereSeparator: \.isNewline).map(trimmingSpaces).filter {
      !$0.isEmpty && !$0.hasPrefix("Warning: Permanently added")
    }
    // ssh's own words, in quotes: another program's, in its language.
    let said =
      lines.isEmpty
      ? Message("ssh exited with status \(status)").english
      : "\"" + lines.joined(separator: "; ") + "\""
    if stderr.contains("Host key verification failed")
      || stderr.contains("REMOTE HOST IDENTIFICATION")
    {
      let command = "ssh \(port.map { "-p \($0) " } ?? "")\(host)"
      return GitError(
        code: .certificate, klass: 23,
        message: Message(
          "ssh to \(host) failed: \(said). Check the server's host key fingerprint, then add it to ~/.ssh/known_hosts (for example by connecting once with '\(command)')"
        ).english,
        function: "ssh")
    }
    if stderr.contains("Permission denied") {
      return GitError(
        code: .auth, klass: 23,
        message: Message(
          "ssh to \(host) failed: \(said). Check that your key is offered (ssh-add -l, ~/.ssh/config) and that the server accepts it"
        ).english,
        function: "ssh")
    }
    return GitError(
      code: .other(-1), klass: 23, message: Message("ssh to \(host) failed: \(said)").english,
      function: "ssh")
  }
}

/// `text` without tabs or space separators at either end (Foundation's `.whitespaces`, which on
/// Linux holds the zero-width space too), as HolderCore's `trimmingSpaces`, which this target
/// does not link.
private func trimmingSpaces(_ text: Substring) -> String {
  let scalars = text.unicodeScalars
  let isSpace = { (scalar: Unicode.Scalar) in
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
      || scalar.value == 0x200B
  }
  guard let first = scalars.firstIndex(where: { !isSpace($0) }),
    let last = scalars.lastIndex(where: { !isSpace($0) })
  else { return "" }
  return String(scalars[first...last])
}

/// The folder for temporary files: `$TMPDIR`, else `/tmp`, as Foundation's
/// `NSTemporaryDirectory` chose it.
private func temporaryFolder() -> String {
  guard let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty else {
    return "/tmp"
  }
  return folder
}
