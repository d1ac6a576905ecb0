import CFuzzer
import Foundation
import HolderCore

// Fuzzes the Markdown import reader (holder-git's own Markdown export read back, and lists
// written by hand) and the planning each entry gets.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdownImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  for case .success(let entry) in MarkdownReader.read(bytes) {
    _ = ImportPlanner.candidate(for: entry)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzMarkdownImport))
