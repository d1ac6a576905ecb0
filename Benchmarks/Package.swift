// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A package of its own, so the main build stays light: `make bench` builds the release
// binary of holder-git, then this runner, which generates realistic stores and times whole
// processes of that binary as a user runs them.

// SwiftPM names a path dependency after its folder, whatever a clone was called.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
  name: "holder-git-benchmarks",
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "holder-bench",
      dependencies: [.product(name: "HolderKit", package: mainPackage)]
    )
  ]
)
