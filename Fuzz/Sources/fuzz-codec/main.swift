import CFuzzer
import Foundation
import HolderCore

// Fuzzes the bookmark and store-settings codecs as a hand edit reaches them, with the
// canonical form's laws: what decodes re-encodes to a file that decodes to the same value
// and is written again byte for byte (DESIGN §2).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodec(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  if let bookmark = try? BookmarkCodec.decode(bytes, file: "fuzz.json") {
    let encoded = BookmarkCodec.encode(bookmark)
    guard let again = try? BookmarkCodec.decode(encoded, file: "fuzz.json") else {
      fatalError("the codec wrote a bookmark file it cannot read")
    }
    precondition(again == bookmark, "decode(encode(x)) != x")
    precondition(BookmarkCodec.encode(again) == encoded, "encode is not stable")
    precondition(BookmarkCodec.isCanonical(encoded), "an encoded file is not canonical")
  }
  if let settings = try? StoreSettingsCodec.decode(bytes, file: "store.json") {
    let encoded = StoreSettingsCodec.encode(settings)
    guard let again = try? StoreSettingsCodec.decode(encoded, file: "store.json") else {
      fatalError("the codec wrote a store.json it cannot read")
    }
    precondition(StoreSettingsCodec.encode(again) == encoded, "encode is not stable")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzCodec))
