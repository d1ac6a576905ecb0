import CFuzzer
import Foundation
import HolderCore

// Fuzzes URL normalisation with its laws (DESIGN §2): it is idempotent, the readable form
// and the bookmark's path can be computed for whatever it accepts.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  for unsafe in [false, true] {
    guard let url = try? URLNormalizer.normalize(text, allowingUnsafeSchemes: unsafe) else {
      continue
    }
    guard let again = try? URLNormalizer.normalize(url, allowingUnsafeSchemes: unsafe) else {
      fatalError("a normalised URL is refused: \(url)")
    }
    precondition(again == url, "normalisation is not idempotent: \(url) -> \(again)")
    _ = URLNormalizer.readable(url)
    _ = BookmarkPath.relativePath(forNormalizedURL: url)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzURL))
