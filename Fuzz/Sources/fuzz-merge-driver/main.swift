import CFuzzer
import Foundation
import HolderCore
import HolderKit

// Fuzzes the git merge driver's decision on the three versions git hands it: the input's
// first byte picks a bookmark file or `.holder/store.json`; the rest is base, ours and
// theirs separated by NUL bytes (no JSON text holds a raw NUL). A merge that succeeds must
// write a file the codec reads back.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMergeDriver(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  guard let kind = bytes.first else { return 0 }
  let parts = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
    .map(Array.init)
  guard parts.count == 3 else { return 0 }
  let settings = kind & 1 == 1
  let path = settings ? ".holder/store.json" : "bookmarks/e/example.org/fuzz.json"
  guard
    case .success(let merged) = MergeDriver.merge(
      base: parts[0], ours: parts[1], theirs: parts[2], path: path)
  else { return 0 }
  if settings {
    precondition(
      (try? StoreSettingsCodec.decode(merged.bytes, file: path)) != nil,
      "the merge driver wrote a store.json it cannot read")
  } else {
    precondition(
      (try? BookmarkCodec.decode(merged.bytes, file: path)) != nil,
      "the merge driver wrote a bookmark file it cannot read")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzMergeDriver))
