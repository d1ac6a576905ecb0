// Starting other programs (git, a pager, an editor, the fetch helper, the background packer)
// and waiting for them, with posix_spawn and waitpid.
import CSystemShims
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A program holder-git started, started with `posix_spawn` and reaped with `waitpid`.
///
/// Not Foundation's `Process`, which on Linux brings corelibs Foundation (and ICU's data) into
/// the program, and learns that a child ended through a descriptor and a signal source of its
/// own that a traced run, or a child that closes every inherited descriptor (ssh), left waiting
/// for ever. Every child starts with only its standard input, output and error open (holder-git's
/// other descriptors, such as the web app's client sockets, stay out of it), with every signal's
/// default handling and an empty signal mask, whatever holder-git set for itself.
///
/// A child that is never waited for stays a zombie until holder-git exits; fine for one that
/// outlives a command (the background packer), to be avoided in a long-running process.
public final class ChildProcess: Sendable {
  /// Where one of the child's standard streams comes from or goes to.
  public enum Stream: Sendable, Equatable {
    /// holder-git's own.
    case inherit
    /// `/dev/null`.
    case null
    /// A new pipe; holder-git's end is the child's `input`, `output` or `errorOutput`.
    case pipe
    /// This open descriptor, which the child gets a copy of; the caller still owns it.
    case descriptor(Int32)
  }

  /// How a child ended.
  public enum Termination: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signalled(Int32)
    /// `waitpid` failed, so its end could not be seen.
    case unknown

    /// True for exit status 0.
    public var succeeded: Bool { self == .exited(0) }
  }

  /// The child's process id (its process group's too, when started with `ownProcessGroup`).
  public let pid: pid_t
  /// holder-git's (write) end of the child's standard input, when that is `.pipe`.
  public let input: Int32?
  /// holder-git's (read) end of the child's standard output, when that is `.pipe`.
  public let output: Int32?
  /// holder-git's (read) end of the child's standard error, when that is `.pipe`.
  public let errorOutput: Int32?
  private let ending = Mutex<Termination?>(nil)

  private init(pid: pid_t, input: Int32?, output: Int32?, errorOutput: Int32?) {
    self.pid = pid
    self.input = input
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Starts `program` with `arguments` (its `argv[1...]`; `argv[0]` is `program`).
  ///
  /// `program` is a path, or, with `searchingPath`, a name looked up in `$PATH` as a shell
  /// does. `environment` nil means holder-git's own; `directory` nil means holder-git's
  /// current one. `ownProcessGroup` starts the child in a process group of its own, as a
  /// shell starts a job (hand it the terminal with `tcsetpgrp`). The ends of any `.pipe` are
  /// closed on exec, so no later child holds them. Throws with `posix_spawn`'s errno when
  /// the program could not be started.
  public static func start(
    _ program: String, arguments: [String] = [], environment: [String: String]? = nil,
    directory: String? = nil, searchingPath: Bool = false, input: Stream = .inherit,
    output: Stream = .inherit, error: Stream = .inherit, ownProcessGroup: Bool = false
  ) throws(ChildProcessError) -> ChildProcess {
    var actions = unsafe posix_spawn_file_actions_t()
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    // Both ends of every pipe made so far, closed here in every outcome but the child's.
    var parentEnds: [Int32?] = [nil, nil, nil]
    var childEnds: [Int32] = []
    defer { for end in childEnds { _ = close(end) } }
    func fail(_ code: Int32) -> ChildProcessError {
      for end in parentEnds.compactMap({ $0 }) { _ = close(end) }
      return ChildProcessError(program: program, code: code)
    }
    for (target, stream) in [input, output, error].enumerated() {
      let target = Int32(target)
      switch stream {
      case .inherit:
        break
      case .null:
        unsafe posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      case .descriptor(let fd):
        unsafe posix_spawn_file_actions_adddup2(&actions, fd, target)
      case .pipe:
        var ends: [Int32] = [-1, -1]
        guard unsafe pipe(&ends) == 0 else { throw fail(errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (ours, theirs) = target == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
        parentEnds[Int(target)] = ours
        childEnds.append(theirs)
        unsafe posix_spawn_file_actions_adddup2(&actions, theirs, target)
      }
    }
    unsafe holder_spawn_close_from(&actions, 3)
    if let directory { unsafe holder_spawn_change_directory(&actions, directory) }

    var attributes = posix_spawnattr_t()
    unsafe posix_spawnattr_init(&attributes)
    defer { unsafe posix_spawnattr_destroy(&attributes) }
    var every = sigset_t()
    unsafe sigfillset(&every)
    unsafe sigdelset(&every, SIGKILL)
    unsafe sigdelset(&every, SIGSTOP)
    var empty = sigset_t()
    unsafe sigemptyset(&empty)
    unsafe posix_spawnattr_setsigdefault(&attributes, &every)
    unsafe posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    if ownProcessGroup {
      unsafe posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    unsafe posix_spawnattr_setflags(&attributes, Int16(flags))

    let argumentList = [program] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = unsafe argumentList.map { unsafe strdup($0) }
    unsafe argv.append(nil)
    var envp: [UnsafeMutablePointer<CChar>?] = unsafe []
    if let environment {
      unsafe envp = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") }
      unsafe envp.append(nil)
    }
    defer {
      for index in 0..<argumentList.count { unsafe free(argv[index]) }
      for index in 0..<(environment?.count ?? 0) { unsafe free(envp[index]) }
    }
    var pid: pid_t = 0
    let started = unsafe envp.withUnsafeMutableBufferPointer { envpBuffer in
      let table = unsafe environment == nil ? Glibc.environ : envpBuffer.baseAddress
      return unsafe searchingPath
        ? posix_spawnp(&pid, program, &actions, &attributes, &argv, table)
        : posix_spawn(&pid, program, &actions, &attributes, &argv, table)
    }
    guard started == 0 else { throw fail(started) }
    return ChildProcess(
      pid: pid, input: parentEnds[0], output: parentEnds[1], errorOutput: parentEnds[2])
  }

  /// Starts `program` as `start` does, reads its standard output to the end, and waits for it.
  ///
  /// Its standard error is `error` (never `.pipe`, which nobody would read while the output
  /// is read); its standard input `/dev/null`, or, with `input`, a pipe holding those bytes
  /// and then the end of input. The bytes are written before the child starts, while
  /// holder-git holds the pipe's reading end, so a child that exits without reading cannot
  /// kill holder-git with SIGPIPE: they must fit the pipe's buffer (64 KiB).
  public static func run(
    _ program: String, arguments: [String] = [], environment: [String: String]? = nil,
    directory: String? = nil, searchingPath: Bool = false, input bytes: [UInt8]? = nil,
    error: Stream = .null, ownProcessGroup: Bool = false
  ) throws(ChildProcessError) -> (termination: Termination, output: [UInt8]) {
    precondition(error != .pipe, "a piped standard error would fill up unread")
    var inputStream = Stream.null
    var inputEnds: [Int32] = [-1, -1]
    if let bytes {
      guard unsafe pipe(&inputEnds) == 0 else {
        throw ChildProcessError(program: program, code: errno)
      }
      for end in inputEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      _ = try? StandardStream.write(bytes, to: inputEnds[1])
      _ = close(inputEnds[1])
      inputStream = .descriptor(inputEnds[0])
    }
    defer { if bytes != nil { _ = close(inputEnds[0]) } }
    let child = try start(
      program, arguments: arguments, environment: environment, directory: directory,
      searchingPath: searchingPath, input: inputStream, output: .pipe, error: error,
      ownProcessGroup: ownProcessGroup)
    let output = child.readOutput()
    return (child.wait(), output)
  }

  /// Reads the child's piped standard output to its end and closes holder-git's end of it.
  ///
  /// Empty when the output is not a pipe. Call it once, before `wait`: a child writing more
  /// than the pipe holds waits for it to be read.
  public func readOutput() -> [UInt8] {
    guard let output else { return [] }
    defer { _ = close(output) }
    return StandardStream.readToEnd(output)
  }

  /// Waits for the child to end (once; later calls give the same answer) and says how it
  /// ended.
  @discardableResult
  public func wait() -> Termination {
    ending.withLock { ending in
      if let ending { return ending }
      var status: Int32 = 0
      var result: pid_t
      repeat {
        result = unsafe waitpid(pid, &status, 0)
      } while result < 0 && errno == EINTR
      let termination: Termination
      if result < 0 {
        termination = .unknown
      } else if status & 0x7f == 0 {
        termination = .exited((status >> 8) & 0xff)
      } else {
        termination = .signalled(status & 0x7f)
      }
      ending = termination
      return termination
    }
  }

  /// Sends the child `signal` (SIGTERM unless said); false when it could not be sent.
  @discardableResult
  public func send(_ signal: Int32 = SIGTERM) -> Bool {
    kill(pid, signal) == 0
  }
}

/// A program that could not be started: its name and `posix_spawn`'s errno.
public struct ChildProcessError: Error, Equatable, CustomStringConvertible {
  /// The program as it was given to `ChildProcess.start`.
  public var program: String
  /// The `errno` value (`ENOENT`: no such program).
  public var code: Int32

  public init(program: String, code: Int32) {
    self.program = program
    self.code = code
  }

  /// The system's words for `code`: `No such file or directory`.
  public var reason: String { unsafe String(cString: strerror(code)) }

  public var description: String { "\(program): \(reason)" }
}
