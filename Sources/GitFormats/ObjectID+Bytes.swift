extension ObjectID {
  /// The 20 raw bytes, most significant first, for compact storage in caches.
  public var rawBytes: [UInt8] { bytes }

  /// Makes an id from the 20 raw bytes `rawBytes` gave; nil for any other length.
  ///
  /// Not generic on purpose: a cache reads hundreds of thousands of ids, and a generic
  /// initialiser called from another module would not be specialised.
  public init?(rawBytes: ArraySlice<UInt8>) {
    guard rawBytes.count == 20 else { return nil }
    self.init(bytes: rawBytes)
  }
}
