import Git

extension StoreError {
  /// `error` as a store error: itself when it is one, wrapped when libgit2's.
  ///
  /// For the few blocks that call both the wrapper and the store, where Swift
  /// can only type the caught error as `any Error`.
  static func wrapping(_ error: any Error, during function: String) -> StoreError {
    if let error = error as? StoreError { return error }
    if let error = error as? GitError { return .git(error) }
    return .git(GitError(code: .other(-1), klass: 0, message: "\(error)", function: function))
  }
}

/// Runs `body`, a call or a few of the git wrapper, with its failure as a store error.
///
/// The one seam between `GitError` and `StoreError`, instead of a `do`/`catch` per call.
func git<Value>(_ body: () throws(GitError) -> Value) throws(StoreError) -> Value {
  do {
    return try body()
  } catch {
    throw .git(error)
  }
}
