// Content errors placed at a top-level key of a document, for checks made after decoding.

extension CodecError {
  /// A content error placed at the value of the top-level `key` in `bytes` (at the start of
  /// the document when the key is missing), for checks made after decoding, such as a URL's.
  public static func content(atKey key: String, in bytes: [UInt8], file: String, message: String)
    -> CodecError
  {
    JSONContentError(path: [.key(key)], message: message).located(in: bytes, file: file)
  }
}
