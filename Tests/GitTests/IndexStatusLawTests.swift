import Foundation
import Glibc
import HolderCoreTestSupport
import HolderTestSupport
import Testing

@testable import Git

/// The status read from the index's stamps is libgit2's status, over seeded random hand
/// edits, stagings, deletions and new files and folders, with indexes written by git
/// (versions 2 and 4) and by libgit2.
@Suite struct IndexStatusLawTests {
  private static let paths = ["bookmarks", ".holder/store.json"]

  @Test(arguments: [2, 4])
  func statusFromTheIndexIsLibGit2sStatus(version: Int) throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    var files: [String: String] = [
      ".gitignore": "*.ignored\n", ".holder/store.json": "{}\n", "README": "top\n",
    ]
    for n in 0..<60 { files["bookmarks/\(n % 3)/h\(n % 7).example/p\(n).json"] = "\(n)\n" }
    try fixture.commitFiles(files, message: "Seed", in: path)
    try fixture.runGit(["update-index", "--index-version", "\(version)"], in: path)
    var random = SplitMix(state: UInt64(version) * 7919)
    var quick = 0
    for round in 0..<60 {
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        try change(path, fixture: fixture, random: &random)
      }
      let repository = try Repository.open(at: path)
      let expected = try repository.status(pathspecs: Self.paths)
      if let status = try repository.quickStatus(of: Self.paths) {
        quick += 1
        #expect(status.entries == expected, "round \(round)")
      }
      #expect(try repository.statusFromIndex(of: Self.paths) == expected, "round \(round)")
      // libgit2 trusts the same stamps: the files' contents are the judge of those.
      #expect(
        Set(expected.filter { $0.inWorkTree == .modified || $0.inWorkTree == .deleted }.map(\.path))
          == (try changedByContent(path, fixture: fixture)), "round \(round)")
      if round % 4 == 3 {
        // Stamps written back (every one old enough, by a clock set ahead) hide nothing
        // from the rounds after.
        repository.secondsNow = { Int(Int32.max) }
        #expect(
          try repository.statusFromIndex(of: Self.paths, fillingCacheTree: true) == expected,
          "round \(round)")
      }
      if round % 15 == 14 {
        try fixture.runGit(["add", "-A"], in: path)
        fixture.tick()
        try fixture.runGit(["commit", "-q", "--allow-empty", "-m", "Round \(round)"], in: path)
      }
    }
    // The law says nothing if every round went to libgit2.
    #expect(quick == 60)
  }

  /// A repository of 30 bookmark files in three buckets, committed; their paths.
  private func seeded(_ fixture: GitFixture) throws -> (path: String, files: [String]) {
    let path = try fixture.initRepository()
    var files: [String: String] = [:]
    for n in 0..<30 { files["bookmarks/\(n % 3)/h\(n % 4).example/p\(n).json"] = "\(n)\n" }
    try fixture.commitFiles(files, message: "Seed", in: path)
    return (path, Array(files.keys))
  }

  @Test func aStatusThatMayWriteFillsAMissingCacheTree() throws {
    let fixture = try GitFixture()
    let path = try seeded(fixture).path
    // Staging everything again leaves every folder of the cache tree invalid.
    try fixture.runGit(["rm", "-r", "-q", "--cached", "."], in: path)
    try fixture.runGit(["add", "-A"], in: path)
    let repository = try Repository.open(at: path)
    #expect(try repository.quickStatus(of: Self.paths)?.hasCacheTree == false)

    #expect(try repository.statusFromIndex(of: Self.paths, fillingCacheTree: true) == [])

    #expect(try repository.quickStatus(of: Self.paths)?.hasCacheTree == true)
    #expect(try fixture.runGit(["status", "--porcelain"], in: path) == "")
    try fixture.runGit(["fsck", "--strict", "--no-progress"], in: path)
  }

  @Test func aStatusThatMayWriteWritesBackTheStampsOfFilesThatDidNotChange() throws {
    let fixture = try GitFixture()
    let (path, files) = try seeded(fixture)
    // As a copy or a backup restored leaves them: every stamp moved, no content.
    for name in files {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -7_200)], ofItemAtPath: path + "/" + name)
    }
    let repository = try Repository.open(at: path)
    let file = "bookmarks/0/h0.example/p0.json"
    var info = stat()
    #expect(lstat(path + "/" + file, &info) == 0)
    let stamp = "mtime: \(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec)"

    // A file changed this very second (the stamps' own change) is not written back.
    #expect(try repository.quickStatus(of: Self.paths)?.refreshed.count == 0)
    #expect(try repository.statusFromIndex(of: Self.paths, fillingCacheTree: true) == [])
    #expect(try !fixture.runGit(["ls-files", "--debug", file], in: path).contains(stamp))

    // Once that change is more than a second old, a status that may write writes them back.
    repository.secondsNow = { Int(Int32.max) }
    #expect(try repository.quickStatus(of: Self.paths)?.refreshed.count == 30)
    #expect(try repository.statusFromIndex(of: Self.paths) == [])
    #expect(try repository.quickStatus(of: Self.paths)?.refreshed.count == 30)
    #expect(try repository.statusFromIndex(of: Self.paths, fillingCacheTree: true) == [])
    let after = try #require(try repository.quickStatus(of: Self.paths))
    #expect(after.refreshed.isEmpty)
    #expect(after.hasCacheTree)
    // git agrees: same stamps (its own status would find nothing to refresh), same ids.
    let debug = try fixture.runGit(["ls-files", "--debug", file], in: path)
    #expect(debug.contains(stamp), "\(debug)")
    #expect(try fixture.runGit(["status", "--porcelain"], in: path) == "")
    #expect(try fixture.runGit(["diff", "--cached", "--stat"], in: path) == "")
    try fixture.runGit(["fsck", "--strict", "--no-progress"], in: path)

    // An edit after that is seen at once.
    try Data("changed\n".utf8).write(to: URL(fileURLWithPath: path + "/" + file))
    #expect(
      try repository.statusFromIndex(of: Self.paths)
        == [StatusEntry(path: file, inIndex: nil, inWorkTree: .modified)])
  }

  @Test func aCheckoutLeavesACacheTree() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["bookmarks/a/h.example/p.json": "p\n", "bookmarks/b/i.example/q.json": "q\n"],
      message: "Seed", in: path)
    let clone = try Repository.clone(from: path, to: fixture.path("clone"), checkout: false)
    try clone.checkOutHead()

    #expect(try clone.quickStatus(of: Self.paths)?.hasCacheTree == true)
    #expect(try fixture.runGit(["status", "--porcelain"], in: fixture.path("clone")) == "")
  }

  /// The tracked files below `paths` whose content, executable bit or presence differs from
  /// the index's: hashed one by one, whatever their stamps say.
  private func changedByContent(_ path: String, fixture: GitFixture) throws -> Set<String> {
    var changed = Set<String>()
    var tracked: [(path: String, id: String, executable: Bool)] = []
    let listing = try fixture.runGit(["ls-files", "-s", "--"] + Self.paths, in: path)
    for line in listing.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let fields = line[..<tab].split(separator: " ")
      let file = String(line[line.index(after: tab)...])
      guard FileManager.default.fileExists(atPath: path + "/" + file) else {
        changed.insert(file)
        continue
      }
      tracked.append((file, String(fields[1]), fields[0] == "100755"))
    }
    guard !tracked.isEmpty else { return changed }
    let ids = try fixture.runGit(
      ["hash-object", "--stdin-paths"], in: path,
      stdin: Array(tracked.map(\.path).joined(separator: "\n").utf8)
    ).split(separator: "\n")
    for (file, id) in zip(tracked, ids) {
      let executable = FileManager.default.isExecutableFile(atPath: path + "/" + file.path)
      if id != file.id || executable != file.executable { changed.insert(file.path) }
    }
    return changed
  }

  /// One random change a person or a tool could make to the work tree or the index.
  private func change(_ path: String, fixture: GitFixture, random: inout SplitMix) throws {
    let manager = FileManager.default
    let all = try manager.subpathsOfDirectory(atPath: path + "/bookmarks").filter {
      $0.hasSuffix(".json")
    }.sorted()
    let file = all.randomElement(using: &random).map { "bookmarks/" + $0 }
    let url = { (relative: String) in URL(fileURLWithPath: path + "/" + relative) }
    switch Int.random(in: 0..<13, using: &random) {
    case 0:
      if let file {
        try Data("edited \(Int.random(in: 0...9, using: &random))\n".utf8).write(to: url(file))
      }
    case 1:
      // Same size, same second: only a racy entry's hash can tell.
      if let file {
        var bytes = try Data(contentsOf: url(file))
        if !bytes.isEmpty { bytes[0] = bytes[0] == 0x41 ? 0x42 : 0x41 }
        try bytes.write(to: url(file))
      }
    case 2:
      if let file {
        try manager.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: url(file).path)
      }
    case 3:
      if let file { try manager.removeItem(at: url(file)) }
    case 4:
      let name =
        "bookmarks/\(Int.random(in: 0...3, using: &random))/h\(Int.random(in: 0...8, using: &random)).example/new\(Int.random(in: 0...99, using: &random)).json"
      try manager.createDirectory(
        at: url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("new\n".utf8).write(to: url(name))
    case 5:
      if let file { try fixture.runGit(["add", "-A", "--", file], in: path) }
    case 6:
      if let file, (try? fixture.runGit(["ls-files", "--error-unmatch", file], in: path)) != nil {
        try fixture.runGit(["rm", "-q", "--cached", "--", file], in: path)
      }
    case 7:
      if let file {
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url(file).path)
      }
    case 8:
      try Data("scratch\n".utf8).write(to: url("bookmarks/0/x.ignored"))
    case 9:
      if let file, let slash = file.lastIndex(of: "/") {
        let folder = String(file[..<slash])
        try manager.removeItem(at: url(folder))
      }
    case 10:
      try Data("{\"edited\": \(Int.random(in: 0...9, using: &random))}\n".utf8).write(
        to: url(".holder/store.json"))
    case 11:
      // git refreshes the stamps it can and writes the index again.
      try fixture.runGit(["status", "--porcelain"], in: path)
    default:
      try Repository.open(at: path).updateIndex(
        all.prefix(2).map {
          .addFromWorkTree(path: "bookmarks/" + $0)
        })
    }
  }
}
