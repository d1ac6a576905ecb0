import CFuzzer
import Foundation
import HolderCore

// Fuzzes the JSON Lines import reader and the planning each record gets.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  for case .success(let entry) in JSONImportReader.readJSONLines(bytes, file: "fuzz.jsonl") {
    _ = ImportPlanner.candidate(for: entry)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzJSONLImport))
