internal import CLibGit2
import Foundation
import Synchronization

extension Repository {
  /// Trusts the CA certificates git would for this repository: `GIT_SSL_CAINFO` and
  /// `GIT_SSL_CAPATH`, else `http.sslCAInfo` and `http.sslCAPath`, so that a server with a
  /// private or self-signed CA works as it does with git.
  func trustConfiguredCertificates() throws(GitError) {
    try Self.trustCertificates(
      file: try config("http.sslCAInfo"), directory: try config("http.sslCAPath"))
  }

  /// The same before a clone, from the environment and the global configuration.
  static func trustConfiguredCertificatesForClone() throws(GitError) {
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
    try trustCertificates(file: file, directory: directory)
  }

  /// Hands libgit2 the locations; the environment wins over the configuration, as in git.
  ///
  /// libgit2 keeps them process-wide; nothing is changed when neither is set.
  private static func trustCertificates(file: String?, directory: String?) throws(GitError) {
    let environment = ProcessInfo.processInfo.environment
    let file = environment["GIT_SSL_CAINFO"].flatMap(nonEmpty) ?? file.map(expandingHome)
    let directory =
      environment["GIT_SSL_CAPATH"].flatMap(nonEmpty) ?? directory.map(expandingHome)
    guard file != nil || directory != nil else { return }
    // With mbedTLS, setting the locations frees the CA chain in use: concurrent syncs setting
    // it at once freed it twice. Set it once per value, never while another call sets it.
    let status = trustedLocations.withLock { trusted -> Int32 in
      if let trusted, trusted.file == file, trusted.directory == directory { return 0 }
      let status = holder_git_set_ssl_cert_locations(file, directory)
      if status == 0 { trusted = TrustedLocations(file: file, directory: directory) }
      return status
    }
    try check(status, "git_libgit2_opts")
  }

  /// What libgit2 was last told to trust, process-wide as libgit2 keeps it.
  private struct TrustedLocations {
    var file: String?
    var directory: String?
  }

  private static let trustedLocations = Mutex<TrustedLocations?>(nil)

  private static func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }

  /// `~/x` in a path setting is relative to the home directory, as git reads it.
  private static func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/") else { return path }
    return NSHomeDirectory() + path.dropFirst()
  }
}
