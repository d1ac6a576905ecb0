// swift-tools-version: 6.2
import Foundation
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer), a package of their own so the main build and CI
// stay light: `make fuzz` builds them with `-sanitize=fuzzer,address` and runs each over its
// seed corpus in `Corpus/<target>/`. One executable per reader of untrusted bytes; each file's
// `LLVMFuzzerTestOneInput` is what libFuzzer calls per input, and its top-level code hands it
// to libFuzzer's driver (SwiftPM links the target's own entry point as `main`).

// SwiftPM names a path dependency after its folder, whatever a clone was called.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

let targets = [
  "fuzz-json-reader", "fuzz-codec", "fuzz-url", "fuzz-netscape", "fuzz-json-import",
  "fuzz-jsonl-import", "fuzz-markdown-import", "fuzz-query", "fuzz-merge-driver",
  "fuzz-import-formats",
]

let package = Package(
  name: "holder-git-fuzz",
  products: targets.map { .executable(name: $0, targets: [$0]) },
  dependencies: [.package(path: "..")],
  targets: [.target(name: "CFuzzer")]
    + targets.map {
      .executableTarget(
        name: $0,
        dependencies: ["CFuzzer", .product(name: "HolderKit", package: mainPackage)]
      )
    }
)
