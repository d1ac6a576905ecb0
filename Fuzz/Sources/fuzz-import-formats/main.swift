import CFuzzer
import Foundation
import HolderCore

// Fuzzes how import finds a file's format and every reader that needs no helper program:
// the services' CSV, the browsers' and services' JSON, Markdown; and the planning each
// entry read gets.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportFormats(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  _ = ImportFormat.recognize(bytes)
  let folders = FolderOptions()
  let readers: [[Result<ImportEntry, ImportSkipReason>]] = [
    PocketCSVReader.read(bytes), RaindropCSVReader.read(bytes, folders: folders),
    InstapaperCSVReader.read(bytes, folders: folders),
    ChromeBookmarksReader.read(bytes, file: "fuzz", options: folders),
    FirefoxJSONReader.read(bytes, file: "fuzz", options: folders),
    PinboardJSONReader.read(bytes, file: "fuzz"), BukuJSONReader.read(bytes, file: "fuzz"),
    OmnivoreJSONReader.read(bytes, file: "fuzz"), MarkdownReader.read(bytes),
  ]
  for results in readers {
    for case .success(let entry) in results { _ = ImportPlanner.candidate(for: entry) }
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzImportFormats))
