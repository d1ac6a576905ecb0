import Foundation
import HolderCoreTestSupport

/// A private CA and a server certificate for 127.0.0.1 signed by it, made with `openssl` in a
/// scratch directory: what a self-hosted git server with its own CA looks like.
public struct TestCertificates {
  /// The CA certificate, for `GIT_SSL_CAINFO` or `http.sslCAInfo`.
  public let authority: String
  /// The server's certificate and key, for Apache.
  public let certificate: String
  public let key: String

  public init(in directory: String) throws {
    authority = directory + "/ca.pem"
    certificate = directory + "/server.pem"
    key = directory + "/server.key"
    let authorityKey = directory + "/ca.key"
    let request = directory + "/server.csr"
    let extensions = directory + "/server.ext"
    try Data("subjectAltName=IP:127.0.0.1,DNS:127.0.0.1\n".utf8)
      .write(to: URL(fileURLWithPath: extensions))
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try Self.openssl(
      ["req", "-x509"] + ec + [
        "-keyout", authorityKey, "-out", authority, "-days", "2", "-subj", "/CN=holder-git test CA",
      ])
    try Self.openssl(
      ["req"] + ec + ["-keyout", key, "-out", request, "-subj", "/CN=127.0.0.1"])
    try Self.openssl([
      "x509", "-req", "-in", request, "-CA", authority, "-CAkey", authorityKey,
      "-CAcreateserial", "-out", certificate, "-days", "2", "-extfile", extensions,
    ])
  }

  private static func openssl(_ arguments: [String]) throws {
    let result = try runProcess("/usr/bin/openssl", arguments, cwd: nil, env: nil, stdin: nil)
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["openssl"] + arguments, status: result.status, stderr: result.stderr)
    }
  }
}
