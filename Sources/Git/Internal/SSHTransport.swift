internal import CLibGit2

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// libgit2's ssh transport replaced by one that runs the system `ssh` program (DESIGN §5).
///
/// Debian's libgit2 1.5 speaks ssh through libssh2 1.10, which fails RSA keys against
/// OpenSSH 9 and ignores `~/.ssh/config`; running `ssh` as git does makes the config, agents,
/// `known_hosts` and every key type work. libgit2's smart protocol does the rest: this file
/// only connects a `git-upload-pack`/`git-receive-pack` on the far side to its stream.
enum SSHTransport {
  /// Takes over `ssh://`, `ssh+git://`, `git+ssh://` and, through libgit2's fallback to the
  /// `ssh://` entry for anything with a colon, scp-like `host:path`.
  static func register() -> Int32 {
    for scheme in ["ssh", "ssh+git", "git+ssh"] {
      let result = git_transport_register(scheme, makeTransport, nil)
      if result < 0 { return result }
    }
    return 0
  }
}

/// The settings one remote operation's ssh connections use, read when libgit2 makes the
/// transport: the environment, and `core.sshCommand`/`ssh.variant` from the repository.
private final class SSHSubtransport {
  let environment = ProcessInfo.processInfo.environment
  var sshCommand: String?
  var variant: String?
  /// The connection of the listing step, which the fetch or push step that follows reuses.
  var stream: UnsafeMutablePointer<holder_ssh_stream>?
}

/// `git_transport_cb`: the smart protocol over our subtransport, persistent (rpc = 0).
private let makeTransport: git_transport_cb = { out, remote, _ in
  let settings = SSHSubtransport()
  if let remote, let repository = git_remote_owner(remote) {
    var config: OpaquePointer?
    if git_repository_config_snapshot(&config, repository) == 0, let config {
      // A setting libgit2 cannot read is left to ssh's defaults rather than failing the fetch.
      settings.sshCommand = (try? configString("core.sshCommand", in: config)) ?? nil
      settings.variant = (try? configString("ssh.variant", in: config)) ?? nil
      git_config_free(config)
    }
    git_error_clear()
  }
  // libgit2 calls the subtransport callback within git_transport_smart and keeps no pointer
  // to the definition, so a local one carrying the settings is enough.
  return withExtendedLifetime(settings) {
    var definition = git_smart_subtransport_definition(
      callback: makeSubtransport, rpc: 0, param: Unmanaged.passUnretained(settings).toOpaque())
    return git_transport_smart(out, remote, &definition)
  }
}

private let makeSubtransport: git_smart_subtransport_cb = { out, transport, param in
  guard let out, let param else { return -1 }
  let subtransport = UnsafeMutablePointer<holder_ssh_subtransport>.allocate(capacity: 1)
  subtransport.initialize(
    to: holder_ssh_subtransport(
      parent: git_smart_subtransport(
        action: action, close: closeSubtransport, free: freeSubtransport),
      transport: transport,
      owner: Unmanaged.passRetained(
        Unmanaged<SSHSubtransport>.fromOpaque(param).takeUnretainedValue()
      )
      .toOpaque()))
  out.pointee = UnsafeMutableRawPointer(subtransport).assumingMemoryBound(
    to: git_smart_subtransport.self)
  return 0
}

private func owner(of subtransport: UnsafeMutablePointer<git_smart_subtransport>)
  -> SSHSubtransport?
{
  let whole = UnsafeMutableRawPointer(subtransport).assumingMemoryBound(
    to: holder_ssh_subtransport.self)
  guard let owner = whole.pointee.owner else { return nil }
  return Unmanaged<SSHSubtransport>.fromOpaque(owner).takeUnretainedValue()
}

private func process(of stream: UnsafeMutablePointer<git_smart_subtransport_stream>) -> SSHProcess?
{
  let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: holder_ssh_stream.self)
  guard let owner = whole.pointee.owner else { return nil }
  return Unmanaged<SSHProcess>.fromOpaque(owner).takeUnretainedValue()
}

/// Hands `error` to libgit2 as the reason of the failure, with a code sync can branch on.
private func report(_ error: GitError) -> Int32 {
  git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), error.message)
  switch error.code {
  case .auth: return GIT_EAUTH.rawValue
  case .certificate: return GIT_ECERTIFICATE.rawValue
  default: return GIT_ERROR.rawValue
  }
}

private let action:
  @convention(c) (
    UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport_stream>?>?,
    UnsafeMutablePointer<git_smart_subtransport>?, UnsafePointer<CChar>?, git_smart_service_t
  ) -> Int32 = { out, subtransport, url, service in
    guard let out, let subtransport, let url, let settings = owner(of: subtransport) else {
      return -1
    }
    if service == GIT_SERVICE_UPLOADPACK || service == GIT_SERVICE_RECEIVEPACK {
      guard let stream = settings.stream else {
        return report(.ssh("the ssh connection was not opened before the transfer"))
      }
      out.pointee = UnsafeMutableRawPointer(stream).assumingMemoryBound(
        to: git_smart_subtransport_stream.self)
      return 0
    }
    let address = String(cString: url)
    guard let remote = SSHRemote(url: address) else {
      return report(.ssh("'\(address)' is not an ssh URL holder-git understands"))
    }
    let program = service == GIT_SERVICE_UPLOADPACK_LS ? "git-upload-pack" : "git-receive-pack"
    let prompt = settings.environment["GIT_TERMINAL_PROMPT"] != "0"
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    if terminal >= 0 { close(terminal) }
    let connection: SSHProcess
    do {
      let command = try SSHCommand(
        service: program, remote: remote, environment: settings.environment,
        sshCommand: settings.sshCommand, variantSetting: settings.variant,
        batch: !prompt || terminal < 0)
      connection = try SSHProcess(
        arguments: command.arguments, host: remote.host, port: remote.port)
    } catch let failure as SSHCommand.Failure {
      return report(.ssh(failure.message))
    } catch let error as GitError {
      return report(error)
    } catch {
      return report(.ssh("\(error)"))
    }
    let stream = UnsafeMutablePointer<holder_ssh_stream>.allocate(capacity: 1)
    stream.initialize(
      to: holder_ssh_stream(
        parent: git_smart_subtransport_stream(
          subtransport: subtransport, read: readStream, write: writeStream, free: freeStream),
        owner: Unmanaged.passRetained(connection).toOpaque()))
    settings.stream = stream
    out.pointee = UnsafeMutableRawPointer(stream).assumingMemoryBound(
      to: git_smart_subtransport_stream.self)
    return 0
  }

private let readStream:
  @convention(c) (
    UnsafeMutablePointer<git_smart_subtransport_stream>?, UnsafeMutablePointer<CChar>?, Int,
    UnsafeMutablePointer<Int>?
  ) -> Int32 = { stream, buffer, size, read in
    guard let stream, let buffer, let read, let connection = process(of: stream) else { return -1 }
    do throws(GitError) {
      read.pointee = try connection.read(into: buffer, count: size)
      return 0
    } catch {
      return report(error)
    }
  }

private let writeStream:
  @convention(c) (UnsafeMutablePointer<git_smart_subtransport_stream>?, UnsafePointer<CChar>?, Int)
    -> Int32 = { stream, buffer, count in
      guard let stream, let buffer, let connection = process(of: stream) else { return -1 }
      do throws(GitError) {
        try connection.write(buffer, count: count)
        return 0
      } catch {
        return report(error)
      }
    }

private let freeStream:
  @convention(c) (UnsafeMutablePointer<git_smart_subtransport_stream>?) -> Void = {
    stream in
    guard let stream else { return }
    let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: holder_ssh_stream.self)
    if let subtransport = stream.pointee.subtransport, let settings = owner(of: subtransport),
      settings.stream == whole
    {
      settings.stream = nil
    }
    if let connection = whole.pointee.owner {
      // Ends ssh and waits for it.
      Unmanaged<SSHProcess>.fromOpaque(connection).release()
    }
    whole.deinitialize(count: 1)
    whole.deallocate()
  }

private let closeSubtransport:
  @convention(c) (UnsafeMutablePointer<git_smart_subtransport>?) -> Int32 = {
    _ in 0
  }

private let freeSubtransport:
  @convention(c) (UnsafeMutablePointer<git_smart_subtransport>?) -> Void = {
    subtransport in
    guard let subtransport else { return }
    let whole = UnsafeMutableRawPointer(subtransport).assumingMemoryBound(
      to: holder_ssh_subtransport.self)
    if let owner = whole.pointee.owner {
      Unmanaged<SSHSubtransport>.fromOpaque(owner).release()
    }
    whole.deinitialize(count: 1)
    whole.deallocate()
  }
