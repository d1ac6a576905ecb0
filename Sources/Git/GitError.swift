import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A failed libgit2 call: the function that failed, libgit2's error code, class and message.
public struct GitError: Error, Equatable, LocalizedError {
  /// What kind of failure this is, for callers that branch on it.
  public var code: Code
  /// libgit2's error class (`git_error_t`), 0 when libgit2 set none.
  public var klass: Int32
  /// libgit2's message, or holder-git's own wording for the cases it recognises.
  public var message: String
  /// The libgit2 function that failed, such as `git_reference_create_matching`.
  public var function: String

  /// The failures callers branch on; everything else is `.other` with libgit2's raw code.
  public enum Code: Hashable, Sendable {
    /// The object, reference, path or key does not exist (`GIT_ENOTFOUND`).
    case notFound
    /// Something already exists where it was to be created (`GIT_EEXISTS`).
    case exists
    /// A short id or name matches more than one thing (`GIT_EAMBIGUOUS`).
    case ambiguous
    /// Another process holds the lock file (`GIT_ELOCKED`); retrying later may work.
    case locked
    /// A reference no longer has the expected value (`GIT_EMODIFIED`).
    case modified
    /// A push or reference update was not a fast-forward (`GIT_ENONFASTFORWARD`).
    case nonFastForward
    /// HEAD names a branch with no commits yet (`GIT_EUNBORNBRANCH`).
    case unbornBranch
    /// Local changes prevent a checkout or merge (`GIT_ECONFLICT`).
    case conflict
    /// The operation needs a work tree (`GIT_EBAREREPO`).
    case bareRepository
    /// The remote refused the credentials (`GIT_EAUTH`).
    case auth
    /// The server's certificate is not trusted (`GIT_ECERTIFICATE`).
    case certificate
    /// A callback asked libgit2 to stop (`GIT_EUSER`).
    case user
    /// The repository belongs to another user and `safe.directory` does not allow it
    /// (`GIT_EOWNER`), as git refuses it.
    case notOwned
    /// The repository uses a feature libgit2 1.5 cannot handle (extension, split index).
    case unsupportedRepository
    /// A fetch's pack could not be written whole to this repository's disk (a write failed
    /// that libgit2 did not report, or reported without a reason) and nothing of it was kept:
    /// this machine's fault, not the remote's.
    case localWrite
    /// Any other libgit2 code, kept raw.
    case other(Int32)
  }

  /// Makes an error value; the wrapper builds these from `git_error_last()`.
  public init(code: Code, klass: Int32, message: String, function: String) {
    self.code = code
    self.klass = klass
    self.message = message
    self.function = function
  }

  /// The function and libgit2's message: `git_reference_create_matching failed: …`.
  ///
  /// An unsupported repository and a failed local write get holder-git's own sentence alone:
  /// it already says what is wrong and how to fix it, and the libgit2 function name would
  /// only distract.
  public var errorDescription: String? {
    if code == .unsupportedRepository || code == .localWrite { return message }
    return Message("\(function) failed: \(message)").english
  }
}
