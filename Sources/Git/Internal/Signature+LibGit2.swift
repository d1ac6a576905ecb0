internal import CLibGit2

extension Signature {
  /// Copies a libgit2 signature out into a value.
  init(_ signature: UnsafePointer<git_signature>) {
    let raw = signature.pointee
    self.init(
      name: raw.name.map { String(cString: $0) } ?? "",
      email: raw.email.map { String(cString: $0) } ?? "",
      time: raw.when.time,
      offsetMinutes: Int(raw.when.offset))
  }

  /// A libgit2 copy of this signature, owned by the returned handle.
  func makeLibGit2() throws(GitError) -> Handle<UnsafeMutablePointer<git_signature>> {
    var out: UnsafeMutablePointer<git_signature>?
    try check(
      git_signature_new(&out, name, email, git_time_t(time), Int32(offsetMinutes)),
      "git_signature_new")
    guard let out else {
      throw GitError.invalid("libgit2 returned no signature", "git_signature_new")
    }
    return Handle(out, free: git_signature_free)
  }
}
