internal import CLibGit2

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension Repository {
  /// Runs `transfer` trusting the CA certificates git would for this repository:
  /// `GIT_SSL_CAINFO` and `GIT_SSL_CAPATH`, else `http.sslCAInfo` and `http.sslCAPath`, so
  /// that a server with a private or self-signed CA works as it does with git.
  func withConfiguredCertificates<Value>(_ transfer: () throws(GitError) -> Value)
    throws(GitError) -> Value
  {
    let wanted = Self.locations(
      file: try config("http.sslCAInfo"), directory: try config("http.sslCAPath"))
    return try Self.gate.run(trusting: wanted, transfer)
  }

  /// The same for a clone, from the environment and the global configuration.
  static func withConfiguredCertificatesForClone<Value>(
    _ transfer: () throws(GitError) -> Value
  ) throws(GitError) -> Value {
    var config: OpaquePointer?
    var file: String?
    var directory: String?
    if git_config_open_default(&config) == 0, let config {
      defer { git_config_free(config) }
      var snapshot: OpaquePointer?
      if git_config_snapshot(&snapshot, config) == 0, let snapshot {
        defer { git_config_free(snapshot) }
        // A setting that cannot be read counts as unset: the clone keeps libgit2's default CAs.
        file = (try? configString("http.sslCAInfo", in: snapshot)) ?? nil
        directory = (try? configString("http.sslCAPath", in: snapshot)) ?? nil
      }
    }
    git_error_clear()
    return try gate.run(trusting: locations(file: file, directory: directory), transfer)
  }

  /// The locations to trust; nil when none is set.
  ///
  /// The environment wins over the configuration, as in git; with neither, libgit2's
  /// process-wide locations are left as they are.
  private static func locations(file: String?, directory: String?) -> CertificateGate.Locations? {
    let environment = ProcessInfo.processInfo.environment
    let file = environment["GIT_SSL_CAINFO"].flatMap(nonEmpty) ?? file.map(expandingHome)
    let directory =
      environment["GIT_SSL_CAPATH"].flatMap(nonEmpty) ?? directory.map(expandingHome)
    guard file != nil || directory != nil else { return nil }
    return CertificateGate.Locations(file: file, directory: directory)
  }

  /// The one gate every transfer in the process passes (`CertificateGate`).
  private static let gate = CertificateGate { locations in
    holder_git_set_ssl_cert_locations(locations.file, locations.directory)
  }

  private static func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }

  /// `~/x` in a path setting is relative to the home directory, as git reads it.
  private static func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/") else { return path }
    return FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
  }
}
