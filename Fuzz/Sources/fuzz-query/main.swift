import CFuzzer
import Foundation
import HolderCore

// Fuzzes the search query parser: any text a person types is a query or a
// `SearchQueryError`, never a crash or a hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  _ = try? QueryParser.parse(text)
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzQuery))
