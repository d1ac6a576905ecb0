import Foundation
import HolderCoreTestSupport

/// A server process on 127.0.0.1 started for one test and stopped when the value goes away.
///
/// Readiness is a handshake, never a sleep: `start` returns once the server
/// printed its ready line (git daemon's "Ready to rumble") on stderr.
public final class LoopbackServer: @unchecked Sendable {
  /// The TCP port it listens on.
  public let port: Int
  private let process: Process

  /// Starts `executable` with `arguments` (which must make it listen on `port`) and waits up
  /// to `timeout` seconds for a stderr line containing `readyLine`.
  public init(
    executable: String, arguments: [String], port: Int, readyLine: String, timeout: Double = 20
  ) throws {
    self.port = port
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let ready = DispatchSemaphore(value: 0)
    let reader = errors.fileHandleForReading
    DispatchQueue.global().async {
      // Once ready, the server's stderr is still drained (a full pipe would stall it) but no
      // longer kept: a server that logs every request would otherwise grow this for ever.
      var seen = ""
      var signalled = false
      while true {
        let data = reader.availableData
        if data.isEmpty { break }
        guard !signalled else { continue }
        seen += String(decoding: data, as: UTF8.self)
        if seen.contains(readyLine) {
          signalled = true
          seen = ""
          ready.signal()
        }
      }
    }
    guard ready.wait(timeout: .now() + timeout) == .success else {
      process.terminate()
      throw ProcessFailure(
        command: [executable] + arguments, status: -1,
        stderr: "did not print '\(readyLine)' within \(Int(timeout)) s")
    }
  }

  /// Starts `executable` and waits until something accepts connections on `port` (for servers
  /// such as Apache that print no ready line in the foreground).
  public init(executable: String, arguments: [String], port: Int, timeout: Double = 20) throws {
    self.port = port
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while !LoopbackServer.accepts(port: port) {
      guard process.isRunning, Date() < deadline else {
        process.terminate()
        throw ProcessFailure(
          command: [executable] + arguments, status: -1,
          stderr: "nothing listened on 127.0.0.1:\(port) within \(Int(timeout)) s")
      }
      usleep(20_000)
    }
  }

  /// True when a TCP connection to 127.0.0.1:`port` succeeds.
  public static func accepts(port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        connect(socket, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  deinit {
    stop()
  }

  /// Kills the server and everything it started (sshd's sessions, Apache's CGI children):
  /// Foundation starts each child as the leader of its own process group, so SIGKILL to the
  /// group leaves nothing behind.
  public func stop() {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    if getpgid(pid) == pid {
      kill(-pid, SIGKILL)
    } else {
      process.terminate()
    }
    process.waitUntilExit()
  }

  /// A TCP port on 127.0.0.1 that nothing listens on right now.
  public static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ProcessFailure(command: ["socket"], status: errno, stderr: "") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
      }
    }
    guard bound else { throw ProcessFailure(command: ["bind"], status: errno, stderr: "") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// `git daemon` serving every repository under `basePath`, pushes allowed.
  public static func gitDaemon(basePath: String) throws -> LoopbackServer {
    let port = try freePort()
    return try LoopbackServer(
      executable: "/usr/bin/git",
      arguments: [
        "daemon", "--listen=127.0.0.1", "--port=\(port)", "--reuseaddr", "--verbose",
        "--export-all", "--enable=receive-pack", "--base-path=\(basePath)", basePath,
      ], port: port, readyLine: "Ready to rumble")
  }

  /// Apache serving `git http-backend` for every repository under `root`: anyone may fetch,
  /// pushing needs `user`/`password` (HTTP basic authentication), as on a real git host.
  ///
  /// With `tls`, it serves https with that certificate and key instead of http; with
  /// `privateFetches`, fetching needs the password too.
  public static func apacheGit(
    root: String, user: String, password: String, scratch: String,
    tls: (certificate: String, key: String)? = nil, privateFetches: Bool = false
  ) throws -> LoopbackServer {
    let guarded =
      privateFetches
      ? "true"
      : "%{QUERY_STRING} =~ /service=git-receive-pack/ || %{REQUEST_URI} =~ m#/git-receive-pack$#"
    let port = try freePort()
    let htpasswd = scratch + "/htpasswd"
    let made = try runProcess(
      "/usr/bin/htpasswd", ["-bc", htpasswd, user, password], cwd: nil, env: nil, stdin: nil)
    guard made.status == 0 else {
      throw ProcessFailure(command: ["htpasswd"], status: made.status, stderr: made.stderr)
    }
    let modules = "/usr/lib/apache2/modules"
    let tlsConfig =
      tls.map {
        """
        LoadModule ssl_module \(modules)/mod_ssl.so
        SSLEngine on
        SSLCertificateFile \($0.certificate)
        SSLCertificateKeyFile \($0.key)
        """
      } ?? ""
    let config = """
      ServerName 127.0.0.1
      Listen 127.0.0.1:\(port)
      PidFile \(scratch)/httpd.pid
      ErrorLog \(scratch)/error.log
      LoadModule mpm_prefork_module \(modules)/mod_mpm_prefork.so
      LoadModule authz_core_module \(modules)/mod_authz_core.so
      LoadModule authn_core_module \(modules)/mod_authn_core.so
      LoadModule authn_file_module \(modules)/mod_authn_file.so
      LoadModule authz_user_module \(modules)/mod_authz_user.so
      LoadModule auth_basic_module \(modules)/mod_auth_basic.so
      LoadModule alias_module \(modules)/mod_alias.so
      LoadModule cgi_module \(modules)/mod_cgi.so
      LoadModule env_module \(modules)/mod_env.so
      \(tlsConfig)
      User nobody
      Group nogroup
      SetEnv GIT_PROJECT_ROOT \(root)
      SetEnv GIT_HTTP_EXPORT_ALL 1
      SetEnv GIT_CONFIG_COUNT 1
      SetEnv GIT_CONFIG_KEY_0 safe.directory
      SetEnv GIT_CONFIG_VALUE_0 *
      ScriptAlias /git/ /usr/lib/git-core/git-http-backend/
      <Location "/git/">
        <If "\(guarded)">
          AuthType Basic
          AuthName "git"
          AuthUserFile \(htpasswd)
          Require valid-user
        </If>
      </Location>

      """
    try Data(config.utf8).write(to: URL(fileURLWithPath: scratch + "/httpd.conf"))
    // Apache drops to `nobody` when started as root; the served repositories must be writable.
    _ = try runProcess("/bin/chmod", ["-R", "a+rwX", root], cwd: nil, env: nil, stdin: nil)
    return try LoopbackServer(
      executable: "/usr/sbin/apache2", arguments: ["-X", "-f", scratch + "/httpd.conf"],
      port: port)
  }
}
