/// The one owner of a libgit2 object: it frees the object exactly once, in `deinit`.
final class Handle<Pointer> {
  private let pointer: Pointer
  private let free: (Pointer) -> Void

  /// Takes ownership of `pointer`, to be released with `free`.
  init(_ pointer: Pointer, free: @escaping (Pointer) -> Void) {
    self.pointer = pointer
    self.free = free
  }

  deinit {
    free(pointer)
  }

  /// Runs `body` with the raw pointer while the owner is guaranteed to be alive.
  ///
  /// Reading the pointer out and using it later could let Swift free the owner in between;
  /// going through here keeps the object valid for the whole C call.
  func withPointer<Value, Failure: Error>(
    _ body: (Pointer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    defer { withExtendedLifetime(self) {} }
    return try body(pointer)
  }
}

extension Handle where Pointer == OpaquePointer {
  /// Calls a libgit2 constructor with an out-parameter and takes ownership of what it returns.
  static func make(
    _ function: String, free: @escaping (OpaquePointer) -> Void,
    _ create: (inout OpaquePointer?) -> Int32
  ) throws(GitError) -> Handle {
    var out: OpaquePointer?
    try check(create(&out), function)
    guard let out else {
      throw GitError.invalid("libgit2 returned no object", function)
    }
    return Handle(out, free: free)
  }
}
