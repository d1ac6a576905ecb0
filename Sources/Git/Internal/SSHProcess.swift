import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One running `ssh … git-upload-pack '…'` whose stdin and stdout are the git protocol stream.
///
/// The stream is one end of a socket pair rather than two pipes: `send` with `MSG_NOSIGNAL`
/// reports a dead ssh as `EPIPE` instead of killing holder-git with SIGPIPE. ssh's stderr goes
/// to an unlinked temporary file, read only when something failed, so a chatty ssh can never
/// block on a full pipe.
final class SSHProcess {
  private let process = Process()
  private var socket: Int32
  private let errors: FileHandle
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
      throw GitError.ssh(
        "could not create a socket pair for ssh: \(String(cString: strerror(errno)))")
    }
    socket = ends[0]
    var template = Array("\(NSTemporaryDirectory())/holder-git-ssh-XXXXXX".utf8CString)
    let errorFile = mkstemp(&template)
    if errorFile >= 0 { _ = fcntl(errorFile, F_SETFD, FD_CLOEXEC) }
    guard errorFile >= 0 else {
      close(ends[0])
      close(ends[1])
      throw GitError.ssh("could not create a temporary file for ssh's messages")
    }
    _ = unlink(template)
    errors = FileHandle(fileDescriptor: errorFile, closeOnDealloc: true)
    let child = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardInput = child
    process.standardOutput = child
    process.standardError = errors
    do {
      try process.run()
    } catch {
      close(socket)
      throw GitError.ssh("could not start ssh (\(arguments[3])): \(error.localizedDescription)")
    }
    try? child.close()
  }

  deinit {
    finish()
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
        throw GitError.ssh("ssh to \(host) closed the connection")
      }
      sent += wrote
    }
  }

  /// Closes the stream, which ends ssh, and waits for it so no process is left behind.
  func finish() {
    guard socket >= 0 else { return }
    close(socket)
    socket = -1
    process.waitUntilExit()
  }

  /// Throws ssh's own words when it exited with a failure.
  private func failIfSSHFailed() throws(GitError) {
    finish()
    guard process.terminationReason != .exit || process.terminationStatus != 0 else { return }
    var said: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while said.count < 65536 {
      let got = pread(errors.fileDescriptor, &chunk, chunk.count, off_t(said.count))
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      said += chunk[..<got]
    }
    throw GitError.fromSSH(
      String(decoding: said, as: UTF8.self), host: host, port: port,
      status: process.terminationStatus)
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
    let lines = stderr.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty && !$0.hasPrefix("Warning: Permanently added") }
    let said = lines.isEmpty ? "ssh exited with status \(status)" : lines.joined(separator: "; ")
    if stderr.contains("Host key verification failed")
      || stderr.contains("REMOTE HOST IDENTIFICATION")
    {
      return GitError(
        code: .certificate, klass: 23,
        message: "ssh to \(host) failed: \(said) Check the server's host key fingerprint, then "
          + "add it to ~/.ssh/known_hosts (for example by connecting once with 'ssh \(port.map { "-p \($0) " } ?? "")\(host)')",
        function: "ssh")
    }
    if stderr.contains("Permission denied") {
      return GitError(
        code: .auth, klass: 23,
        message: "ssh to \(host) failed: \(said) Check that your key is offered (ssh-add -l, "
          + "~/.ssh/config) and that the server accepts it",
        function: "ssh")
    }
    return GitError(
      code: .other(-1), klass: 23, message: "ssh to \(host) failed: \(said)", function: "ssh")
  }
}
