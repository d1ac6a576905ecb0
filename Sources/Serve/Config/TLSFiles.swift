// `--tls-cert` and `--tls-key` read before the app listens: a missing, unreadable or
// mismatched file is an error that says what to do, not a failure inside the first handshake.
import Localization
import NIOSSL

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The server's side of TLS, loaded from PEM files.
enum TLSFiles {
  /// Why the files cannot serve HTTPS, in words that say what to give instead.
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// The configuration for HummingbirdTLS, checked as the first connection would use it.
  static func load(certificate: String, key: String) throws(Problem) -> TLSConfiguration {
    try readable(certificate, option: "--tls-cert")
    try readable(key, option: "--tls-key")
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificate)
    } catch {
      chain = []
    }
    guard !chain.isEmpty else {
      throw Problem(
        description: Message(
          "'\(certificate)' holds no PEM certificate (a file that starts with -----BEGIN CERTIFICATE-----); give '--tls-cert' the certificate chain, such as certbot's fullchain.pem"
        ).english
      )
    }
    let privateKey: NIOSSLPrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
    } catch {
      throw Problem(
        description: Message(
          "'\(key)' holds no unencrypted PEM private key; give '--tls-key' the key of the certificate, such as certbot's privkey.pem (a key with a passphrase: openssl pkey -in KEY -out PLAIN)"
        ).english
      )
    }
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    do {
      // The context checks that the key belongs to the certificate, as the handshake would.
      _ = try NIOSSLContext(configuration: configuration)
    } catch {
      throw Problem(
        description: Message(
          "the private key '\(key)' does not belong to the certificate '\(certificate)'; give the key that was made with that certificate"
        ).english
      )
    }
    return configuration
  }

  private static func readable(_ path: String, option: String) throws(Problem) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw Problem(
        description: Message(
          "'\(path)' (given to '\(option)') does not exist; give the path of the PEM file"
        ).english)
    }
    guard access(path, R_OK) == 0 else {
      throw Problem(
        description: Message(
          "cannot read '\(path)' (given to '\(option)'): permission denied; run the app as a user who can read it, or give it a copy it can read"
        ).english
      )
    }
  }
}
