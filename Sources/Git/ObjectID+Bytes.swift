extension ObjectID {
  /// The 20 raw bytes, most significant first, for compact storage in caches.
  public var rawBytes: [UInt8] { bytes }

  /// Makes an id from the 20 raw bytes `rawBytes` gave; nil for any other length.
  public init?(rawBytes: some Collection<UInt8>) {
    guard rawBytes.count == 20 else { return nil }
    self.init(bytes: rawBytes)
  }
}
