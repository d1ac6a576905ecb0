import CFuzzer
import Foundation
import HolderCore

// Fuzzes the strict JSON reader every bookmark file, `store.json` and JSON import goes
// through: any bytes give a value or a `CodecError`, never a crash, a hang or a deep stack.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  _ = try? JSONReader.read(bytes, file: "fuzz.json")
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzJSONReader))
