internal import CLibGit2

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with `strings` as a `git_strarray` that lives for the call.
///
/// libgit2 reads the strings only during the call it is handed to (refspecs, pathspecs), so
/// copies that are freed as soon as `body` returns are enough.
func withStringArray<Value>(
  _ strings: [String], _ body: (inout git_strarray) throws(GitError) -> Value
) throws(GitError) -> Value {
  var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  defer {
    for copy in copies { free(copy) }
  }
  return try copies.withUnsafeMutableBufferPointer { (buffer) throws(GitError) -> Value in
    var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
    return try body(&array)
  }
}
