import Crypto

/// What makes two imports the same import: the file's bytes and the choices that change how
/// they are read, hashed into one name.
///
/// An import of the same fingerprint into a store whose HEAD and work tree have not changed
/// since the last one decides the same things, so its report can be given again without
/// reading the file (`ImportMemo`). Anything that could change what the file becomes belongs
/// in `choices`; `version` changes whenever the way files are read changes.
public enum ImportFingerprint {
  /// Raised when a reader or the merge decides differently than before, so no memo written
  /// by an older holder-git answers for a newer one.
  public static let version = 1

  /// The SHA-256 of `bytes` and `choices`, in hex.
  public static func of(_ bytes: [UInt8], choices: [String]) -> String {
    var hasher = SHA256()
    let header = (["holder-git import \(version)"] + choices).joined(separator: "\u{0}")
    hasher.update(data: Array(header.utf8) + [0])
    hasher.update(data: bytes)
    return hasher.finalize().map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
