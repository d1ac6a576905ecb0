internal import CLibGit2
import Glibc
import Localization

/// Returns `result` when libgit2 reported success, and throws its recorded error otherwise.
///
/// Every libgit2 call goes through here so that the error is read on the calling thread right
/// after the call (libgit2 `docs/threading.md`) and always names the function that failed.
@discardableResult
func check(_ result: Int32, _ function: String) throws(GitError) -> Int32 {
  guard result < 0 else { return result }
  throw GitError.last(result, function)
}

/// True when libgit2 reported success, false when it answered one of `missing` (by default
/// `GIT_ENOTFOUND`), and throws its recorded error for any other failure.
///
/// For look-ups where "not there" is an answer rather than a failure: the error libgit2 set
/// for it is cleared at once, so that it cannot be reported later for an unrelated call.
func checkFound(
  _ result: Int32, _ function: String, missing: [Int32] = [GIT_ENOTFOUND.rawValue]
) throws(GitError) -> Bool {
  if missing.contains(result) {
    git_error_clear()
    return false
  }
  try check(result, function)
  return true
}

extension GitError {
  /// The error libgit2 recorded for `result`, read and cleared at once.
  static func last(_ result: Int32, _ function: String) -> GitError {
    // Read first: libgit2 returns some failures of the system (a full disk under one of its
    // callbacks) without recording an error, and then the system's reason is all there is.
    // Only a fault of the machine is taken from errno: another value may be left from a call
    // that failed harmlessly long before.
    let code = errno
    var klass: Int32 = 0
    var message =
      [ENOSPC, EDQUOT, EIO, EROFS].contains(code)
      ? "\(String(cString: strerror(code))) (code \(result))" : "unknown error (code \(result))"
    if let last = git_error_last() {
      klass = last.pointee.klass
      if let text = last.pointee.message {
        message = String(cString: text)
      }
    }
    // libgit2 sometimes returns a negative code without setting an error; clearing now keeps
    // this error from being reported again for the next, unrelated failure (git2-rs error.rs).
    git_error_clear()
    let error = GitError(
      code: Code(libgit2: result), klass: klass, message: message, function: function)
    return error.recognisingUnsupportedRepository().inOwnWords()
  }

  /// libgit2's words for the failures of a network people meet, in holder-git's: a sentence
  /// that can be put into the reader's language.
  private func inOwnWords() -> GitError {
    var error = self
    let resolve = "failed to resolve address for "
    let connect = "failed to connect to "
    if message.hasPrefix(resolve) {
      let host = message.dropFirst(resolve.count).prefix { $0 != ":" }
      error.message = Message("cannot find the host '\(host)'").english
    } else if message.hasPrefix(connect), message.hasSuffix(": Connection refused") {
      let host = message.dropFirst(connect.count).dropLast(": Connection refused".count)
      error.message = Message("'\(host)' refused the connection").english
    } else if message == "early EOF" {
      error.message = Message("the connection closed before the transfer finished").english
    }
    return error
  }

  /// An error that holder-git made itself, not read from libgit2.
  static func invalid(_ message: String, _ function: String) -> GitError {
    GitError(
      code: .other(GIT_EINVALID.rawValue), klass: Int32(GIT_ERROR_INVALID.rawValue),
      message: message, function: function)
  }

  /// Rewrites libgit2's terse refusals of repositories it cannot read into a message that says
  /// what to do, with code `.unsupportedRepository`.
  private func recognisingUnsupportedRepository() -> GitError {
    var error = self
    let extensionPrefix = "unsupported extension name extensions."
    if let range = message.firstRange(of: extensionPrefix) {
      let name = message[range.upperBound...].prefix { $0 != " " && $0 != "'" }
      error.code = .unsupportedRepository
      error.message =
        "repository uses extension '\(name)' that libgit2 1.5 does not support; "
        + "use the git command line for this repository or recreate it without the extension"
      return error
    }
    // libgit2 1.5.1 reports a repository another user owns as not found, with the message of
    // its last safe.directory lookup (later versions: GIT_EOWNER, "is not owned by current
    // user"); either way it is refused, not missing.
    if message.contains("is not owned by current user")
      || message == "config value 'safe.directory' was not found"
    {
      error.code = .notOwned
      return error
    }
    if message.contains("unsupported mandatory extension: 'link'") {
      error.code = .unsupportedRepository
      error.message =
        "repository uses a split index; run 'git update-index --no-split-index'"
    }
    return error
  }
}

extension GitError.Code {
  /// Maps a negative libgit2 return value (`git_error_code`) to a case.
  init(libgit2 result: Int32) {
    switch result {
    case GIT_ENOTFOUND.rawValue: self = .notFound
    case GIT_EEXISTS.rawValue: self = .exists
    case GIT_EAMBIGUOUS.rawValue: self = .ambiguous
    case GIT_EUSER.rawValue: self = .user
    case GIT_EBAREREPO.rawValue: self = .bareRepository
    case GIT_EUNBORNBRANCH.rawValue: self = .unbornBranch
    case GIT_ENONFASTFORWARD.rawValue: self = .nonFastForward
    case GIT_ECONFLICT.rawValue: self = .conflict
    case GIT_ELOCKED.rawValue: self = .locked
    case GIT_EMODIFIED.rawValue: self = .modified
    case GIT_EAUTH.rawValue: self = .auth
    case GIT_ECERTIFICATE.rawValue: self = .certificate
    case GIT_EOWNER.rawValue: self = .notOwned
    default: self = .other(result)
    }
  }
}
