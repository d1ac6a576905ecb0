// `--tls-cert`/`--tls-key`: the app speaks HTTPS (a client that trusts the certificate's CA
// gets the pages; plain HTTP to the port gets none), its cookie is `Secure`, and a missing or
// mismatched file is refused before it listens, saying what to give.
import Foundation
import HolderTestSupport
import Testing

@Suite struct TLSTests {
  /// A store and a CA-signed certificate for 127.0.0.1 (openssl, as a self-hosted server has).
  private func storeAndCertificates() throws -> (HolderBinary, String, TestCertificates) {
    let (binary, store) = try ServedApp.store()
    let folder = binary.git.path("tls")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (binary, store, try TestCertificates(in: folder))
  }

  /// curl with the test CA: status line, headers and body as it printed them.
  private func curl(_ arguments: [String], authority: String) throws -> (
    status: Int32, output: String
  ) {
    let result = try runProcess(
      "/usr/bin/curl",
      ["--silent", "--show-error", "--include", "--max-time", "20", "--cacert", authority]
        + arguments, cwd: nil, env: nil, stdin: nil)
    return (result.status, result.stdout + result.stderr)
  }

  @Test func theAppSpeaksHTTPSOnlyWithTheCertificateItWasGiven() throws {
    let (binary, store, certificates) = try storeAndCertificates()
    let app = try ServedApp(
      binary: binary, store: store,
      arguments: ["--tls-cert", certificates.certificate, "--tls-key", certificates.key])
    #expect(app.printed.contains("https://127.0.0.1:\(app.port)/"))
    let page = try curl(
      ["https://127.0.0.1:\(app.port)/"], authority: certificates.authority)
    #expect(page.status == 0)
    #expect(page.output.hasPrefix("HTTP/1.1 200"))
    #expect(page.output.contains("Swift"))
    // A POST from the page's own https origin passes the origin check.
    let secret =
      page.output.components(separatedBy: "name=\"holder-secret\" content=\"")
      .dropFirst().first?.prefix { $0 != "\"" } ?? ""
    let added = try curl(
      [
        "-H", "Origin: https://127.0.0.1:\(app.port)", "--data-urlencode",
        "url=https://example.org", "--data-urlencode", "title=Example", "--data-urlencode",
        "_secret=\(secret)", "https://127.0.0.1:\(app.port)/add",
      ], authority: certificates.authority)
    #expect(added.output.hasPrefix("HTTP/1.1 303"))
    // Plain HTTP to the same port gets no page.
    let plain = try? HTTPReply.send("GET", "/", port: app.port)
    #expect(plain == nil || plain?.status != 200)
  }

  @Test func underTLSTheLoginCookieIsSecure() throws {
    let (binary, store, certificates) = try storeAndCertificates()
    let token = try binary.run(["token", "add", "laptop"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let proxy = "bookmarks.test"
    let app = try ServedApp(
      binary: binary, store: store,
      arguments: [
        "--tls-cert", certificates.certificate, "--tls-key", certificates.key,
        "--public-url", "https://\(proxy)",
      ])
    let base = "https://127.0.0.1:\(app.port)"
    #expect(app.waitForPrinted { $0.contains("behind the reverse proxy at https://\(proxy)/") })
    #expect(!app.printed.contains("plain HTTP"))
    let form = try curl(
      ["-H", "Host: \(proxy)", base + "/login"], authority: certificates.authority)
    let secret =
      form.output.components(separatedBy: "name=\"holder-secret\" content=\"")
      .dropFirst().first?.prefix { $0 != "\"" } ?? ""
    #expect(!secret.isEmpty)
    let login = try curl(
      [
        "-H", "Host: \(proxy)", "-H", "Origin: https://\(proxy)", "--data-urlencode",
        "token=\(token)", "--data-urlencode", "_secret=\(secret)", base + "/login",
      ], authority: certificates.authority)
    #expect(login.output.hasPrefix("HTTP/1.1 303"))
    let cookie = login.output.split(separator: "\r\n").first {
      $0.lowercased().hasPrefix("set-cookie:")
    }
    #expect(cookie?.contains("; Secure") == true)
    #expect(cookie?.contains("HttpOnly") == true)
  }

  @Test func aMissingOrMismatchedFileIsRefusedSayingWhatToGive() throws {
    let (binary, store, certificates) = try storeAndCertificates()
    let missing = try binary.run(
      [
        "serve", "--port", "0", "--tls-cert", "/nonexistent/cert.pem", "--tls-key",
        certificates.key,
      ],
      in: store)
    #expect(missing.status != 0)
    #expect(
      missing.stderr.contains("'/nonexistent/cert.pem' (given to '--tls-cert') does not exist"))
    let onlyOne = try binary.run(["serve", "--tls-cert", certificates.certificate], in: store)
    #expect(onlyOne.status != 0)
    #expect(onlyOne.stderr.contains("--tls-key"))
    let notAKey = try binary.run(
      [
        "serve", "--port", "0", "--tls-cert", certificates.certificate, "--tls-key",
        certificates.certificate,
      ], in: store)
    #expect(notAKey.status != 0)
    #expect(notAKey.stderr.contains("holds no unencrypted PEM private key"))
    // The key of another certificate.
    let other = binary.git.path("other")
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    let stranger = try TestCertificates(in: other)
    let mismatched = try binary.run(
      ["serve", "--port", "0", "--tls-cert", certificates.certificate, "--tls-key", stranger.key],
      in: store)
    #expect(mismatched.status != 0)
    #expect(mismatched.stderr.contains("does not belong to the certificate"))
  }
}
