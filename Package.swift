// swift-tools-version: 6.2
// holder-git: a bookmark store that lives in a git repository.
// Copyright (c) 2026 The holder-git authors. MIT licence: see LICENSE.
import PackageDescription

/// Unsafe constructs are errors unless marked `unsafe`: none in pure code, each syscall in I/O.
let strictSafety: [SwiftSetting] = [
  .strictMemorySafety(),
  .treatWarning("StrictMemorySafety", as: .error),
]

/// A member is found only through a module the file imports itself: otherwise an extension of
/// corelibs Foundation (`contains`, `removingPercentEncoding`), imported by a dependency, wins
/// over the standard library's and links ICU's data into the program.
let ownImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
  name: "holder-git",
  // Built and tested on Linux (Debian), where `platforms` is not read. On Apple's systems the
  // floor is what the sources use: Synchronization's Mutex needs macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "holder-git-fetch", targets: ["holder-git-fetch"]),
    // HTML too, so the fuzz targets (`Fuzz/`) can read bookmark files as an import does.
    .library(name: "HolderKit", targets: ["HolderKit", "HolderCore", "HTML", "FetchProtocol"]),
    .executable(name: "holder-git", targets: ["holder-git"]),
    .executable(name: "holder-git-serve", targets: ["holder-git-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // The web app only (`holder-git-serve`); `holder-git` itself never links them. No
    // swift-configuration: the app takes its settings from its arguments.
    // No traits: `FullFoundation` (dates in URL-encoded forms, which the app decodes itself)
    // and `ConfigurationSupport` would link corelibs Foundation, and with it ICU's data.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    // Hummingbird's own dependencies, named for the few types the app uses directly.
    .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    // `serve --tls-cert/--tls-key`: HummingbirdTLS's dependency, named for reading the PEM files
    // before the app starts, so a bad file is a clear error instead of a failed bind.
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    // `make docs`: the DocC catalogs of HolderKit and HolderCore (a command plugin; it adds
    // nothing to a build).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibGit2",
      pkgConfig: "libgit2",
      providers: [.apt(["libgit2-dev"])]
    ),
    .target(
      name: "Git",
      dependencies: [
        "CLibGit2", "GitFormats", "Localization",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: ownImports),
    // The parts of git's file formats written by hand (the index file spliced, a pack and its
    // .idx written): bytes in, bytes out, no libgit2; their laws against the real git are
    // GitFormatsTests.
    .target(
      name: "GitFormats",
      dependencies: [.product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: ownImports),
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libxml2's HTML parser behind a Swift value tree: the only importer of CLibXML2.
    .target(name: "HTML", dependencies: ["CLibXML2", "HolderCore"], swiftSettings: ownImports),
    // POSIX calls that Swift's Glibc module does not expose (syncfs).
    .systemLibrary(name: "CSystemShims"),
    // Messages, the language choice and the catalogs (built into the binary, parsed only for
    // the language in use); no dependencies, so the library and the web app can use it.
    .target(
      name: "Localization",
      resources: [.embedInCode("Catalogs/ko.strings"), .embedInCode("Catalogs/ja.strings")],
      swiftSettings: ownImports),
    .target(
      name: "HolderCore",
      dependencies: ["Localization", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strictSafety + ownImports
    ),
    // What holder-git and its fetch helper say to each other (requests, answers, a fetch's
    // errors): the helper links this, not HolderKit, so it links no libgit2.
    .target(
      name: "FetchProtocol", dependencies: ["HolderCore", "Localization"],
      swiftSettings: ownImports),
    .target(
      name: "HolderKit",
      dependencies: [
        "HolderCore", "Localization", "Git", "CSystemShims", "FetchProtocol", "LZ4",
      ],
      // I/O needs syscalls; each is marked `unsafe` where it is used, so review sees them.
      swiftSettings: strictSafety + ownImports),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
      name: "CLZ4",
      pkgConfig: "liblz4",
      providers: [.apt(["liblz4-dev"])]
    ),
    // liblz4's block decompression (Firefox's `.jsonlz4` backups): the only importer of CLZ4,
    // linked into HolderKit's import alone.
    .target(name: "LZ4", dependencies: ["CLZ4"], swiftSettings: ownImports),
    // libcurl's easy interface behind Swift values: the only importer of CCurl.
    .target(name: "Curl", dependencies: ["CCurl"], swiftSettings: ownImports),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libsqlite3 read-only behind Swift values (Firefox's places.sqlite): the only importer of
    // CSQLite, linked into holder-git-fetch alone.
    .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: ownImports),
    // The helper that fetches pages and parses HTML and Firefox's places.sqlite, so
    // holder-git itself links none of libcurl, libxml2 and libsqlite3 (add, refresh and
    // import start it; see PageFetcher).
    .executableTarget(
      name: "holder-git-fetch",
      dependencies: ["FetchProtocol", "HolderCore", "HTML", "Localization", "Curl", "SQLite"],
      swiftSettings: ownImports),
    // `holder-git --version`'s version and commit, stamped before each build (the generated
    // file is rewritten only when they change; scripts/version-stamp).
    .plugin(name: "VersionStamp", capability: .buildTool()),
    // The CLI and the web app in one program (called as `holder-git-serve` it is the app), so
    // what is installed carries one copy of the Swift runtime and FoundationEssentials.
    .executableTarget(
      name: "holder-git",
      dependencies: [
        "HolderKit", "HolderCore", "Localization", "FetchProtocol", "Git", "Serve",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: ownImports,
      plugins: ["VersionStamp"]
    ),
    // The web app (`holder-git serve`): routes, pages, security, live updates, thumbnails, on
    // HolderKit as the CLI uses it. Linked into holder-git, which execs itself under the app's
    // name to serve, so a command's process never starts NIO.
    .target(
      name: "Serve",
      dependencies: [
        "HolderKit", "HolderCore", "Localization", "Git",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [
        .embedInCode("Pages/Static/app.css"), .embedInCode("Pages/Static/app.js"),
        .embedInCode("Pages/Static/sw.js"), .embedInCode("Pages/Static/manifest.webmanifest"),
        .embedInCode("Pages/Static/icons/icon.svg"), .embedInCode("Pages/Static/icons/icon-32.png"),
        .embedInCode("Pages/Static/icons/icon-180.png"),
        .embedInCode("Pages/Static/icons/icon-192.png"),
        .embedInCode("Pages/Static/icons/icon-512.png"),
        .embedInCode("Pages/Static/icons/icon-maskable-512.png"),
      ],
      swiftSettings: ownImports,
      // `/health` says the version the app was built as.
      plugins: ["VersionStamp"]
    ),
    // The app alone, as the Serve tests start it; `make release` builds only holder-git, which
    // is the app too.
    .executableTarget(name: "holder-git-serve", dependencies: ["Serve"]),
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
        "HolderKit", "HolderCore", "Git", "HolderCoreTestSupport", "Localization",
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
    .testTarget(name: "GitFormatsTests", dependencies: ["GitFormats", "Git", "HolderTestSupport"]),
    // A real headless Chromium driven over WebDriver (skipped where it is not installed).
    .testTarget(
      name: "BrowserTests",
      dependencies: ["HolderTestSupport"]
    ),
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
        "HolderKit", "HolderCore", "HolderTestSupport", "FetchProtocol",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["HolderTestSupport", "Localization"]
    ),
    // HTTP tests of the built `holder-git-serve` (it must be built: `swift build --build-tests`
    // builds it). Clients/ holds the scripts of the real API clients they run (not built).
    // Serve itself only for what a test must drive with its own clock (the slow-down of
    // failed logins) or read without a server (the options).
    .testTarget(
      name: "ServeTests", dependencies: ["HolderTestSupport", "Localization", "Serve"],
      exclude: ["Clients"]),
    .testTarget(
      name: "LocalizationTests",
      dependencies: [
        "Localization", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
  ]
)
