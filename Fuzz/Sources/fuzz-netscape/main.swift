import CFuzzer
import Foundation
import HTML
import HolderCore

// Fuzzes the Netscape bookmark file reader as `import` runs it: libxml2's SAX parse, each
// link's entry (folders as tags), its URL and path, and the tag rule every import applies.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetscape(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  NetscapeReader.read(bytes) { item in
    let entry = item.entry(options: FolderOptions())
    for tag in entry.tags { _ = try? TagPath.validateForFolder(tag) }
    _ = ImportPlanner.candidate(for: entry)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzNetscape))
