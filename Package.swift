// swift-tools-version: 6.2
import PackageDescription

/// Unsafe constructs are errors unless marked `unsafe`: none in pure code, each syscall in I/O.
let strictSafety: [SwiftSetting] = [
  .strictMemorySafety(),
  .treatWarning("StrictMemorySafety", as: .error),
]

let package = Package(
  name: "holder-git",
  products: [
    .executable(name: "holder-git-fetch", targets: ["holder-git-fetch"]),
    // HTML too, so the fuzz targets (`Fuzz/`) can read bookmark files as an import does.
    .library(name: "HolderKit", targets: ["HolderKit", "HolderCore", "HTML"]),
    .executable(name: "holder-git", targets: ["holder-git"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibGit2",
      pkgConfig: "libgit2",
      providers: [.apt(["libgit2-dev"])]
    ),
    .target(
      name: "Git",
      dependencies: ["CLibGit2", .product(name: "Crypto", package: "swift-crypto")]),
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libxml2's HTML parser behind a Swift value tree: the only importer of CLibXML2.
    .target(name: "HTML", dependencies: ["CLibXML2", "HolderCore"]),
    // POSIX calls that Swift's Glibc module does not expose (syncfs).
    .systemLibrary(name: "CSystemShims"),
    .target(
      name: "HolderCore",
      dependencies: [.product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strictSafety
    ),
    .target(
      name: "HolderKit", dependencies: ["HolderCore", "Git", "CSystemShims"],
      // I/O needs syscalls; each is marked `unsafe` where it is used, so review sees them.
      swiftSettings: strictSafety),
    // The helper that fetches pages and parses HTML, so holder-git itself links neither
    // FoundationNetworking nor libxml2 (add, refresh and import start it; see PageFetcher).
    .executableTarget(name: "holder-git-fetch", dependencies: ["HolderKit", "HolderCore", "HTML"]),
    .executableTarget(
      name: "holder-git",
      dependencies: [
        "HolderKit", "HolderCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Test support that links neither libgit2 nor libxml2: generators, the sample store,
    // fixture pages, the schema validator, child processes.
    .target(
      name: "HolderCoreTestSupport",
      dependencies: [
        "HolderCore", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      path: "Tests/HolderCoreTestSupport"
    ),
    // Test support for I/O: stores, git fixtures, loopback servers, the built binary. It
    // re-exports HolderCoreTestSupport.
    .target(
      name: "HolderTestSupport",
      dependencies: [
        "HolderKit", "HolderCore", "Git", "HolderCoreTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      path: "Tests/HolderTestSupport"
    ),
    // Pure: builds and runs without libgit2 or libxml2 (tests that need the HTML parser are
    // in HTMLTests).
    .testTarget(
      name: "HolderCoreTests",
      dependencies: [
        "HolderCore", "HolderCoreTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("../Fixtures")]
    ),
    .testTarget(name: "GitTests", dependencies: ["Git", "HolderTestSupport"]),
    .testTarget(
      name: "HTMLTests",
      dependencies: [
        "HTML", "HolderCore", "HolderCoreTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "HolderKitTests",
      dependencies: [
        "HolderKit", "HolderCore", "HolderTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["HolderTestSupport"]
    ),
  ]
)
