import CFuzzer
import Foundation
import HolderCore

// Fuzzes the JSON import reader (holder-git's own `--json` shape, or any records with a
// `url`) and the planning each record gets.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  for case .success(let entry) in JSONImportReader.readJSON(bytes, file: "fuzz.json") {
    _ = ImportPlanner.candidate(for: entry)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzJSONImport))
