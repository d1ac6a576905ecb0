import Foundation
import GitFormats
import HolderTestSupport
import Testing

@testable import Git

/// The splice's law, over seeded random changes to an index the real git wrote: the entries
/// of the spliced index are the old ones with the writes put in and the removals taken out, in
/// git's order, each written entry carrying its id and every other its old one.
@Suite struct IndexSpliceLawTests {

  /// The (path, id) of every entry, read back with the splice's own reader.
  private func entries(of index: [UInt8]) throws -> [(path: [UInt8], id: [UInt8])] {
    let splice = try #require(IndexSplice(index))
    var result: [(path: [UInt8], id: [UInt8])] = []
    var offset = 12
    var previous: [UInt8] = []
    for _ in 0..<splice.count {
      let entry = try #require(splice.entry(at: offset, previous: previous))
      result.append((entry.path, Array(index[(offset + 40)..<(offset + 60)])))
      previous = entry.path
      offset = entry.end
    }
    return result
  }

  @Test(arguments: [2, 4])
  func splicedEntriesAreTheOldOnesWithTheChange(version: Int) throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    var files: [String: String] = [:]
    for n in 0..<80 { files["b/\(n % 5)/h\(n % 9).example/p\(n).json"] = "\(n)\n" }
    try fixture.commitFiles(files, message: "Seed", in: path)
    try fixture.runGit(["update-index", "--index-version", "\(version)"], in: path)
    try fixture.runGit(["write-tree"], in: path)
    let base = Array(try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")))
    let original = try entries(of: base)
    let pool =
      original.map(\.path) + (0..<40).map { Array("b/\($0 % 6)/new\($0).json".utf8) }
      + [Array("a.json".utf8), Array("z/z.json".utf8)]
    var random = SplitMix(state: UInt64(version))
    for _ in 0..<300 {
      var writes: [[UInt8]: [UInt8]] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        writes[pool.randomElement(using: &random)!] = (0..<20).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
      }
      var removals = Set<[UInt8]>()
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        removals.insert(pool.randomElement(using: &random)!)
      }
      let splice = try #require(IndexSplice(base))
      let sortedWrites = writes.keys.sorted { $0.lexicographicallyPrecedes($1) }.map {
        IndexSplice.Entry(path: $0, stat: Array(repeating: 7, count: 10), id: writes[$0]!)
      }
      var spliced = try #require(splice.applying(writes: sortedWrites, removals: removals))
      spliced.append(contentsOf: repeatElement(0, count: 20))
      var expected: [[UInt8]: [UInt8]] = [:]
      for entry in original where !removals.contains(entry.path) { expected[entry.path] = entry.id }
      for (written, id) in writes { expected[written] = id }
      let got = try entries(of: spliced)
      #expect(got.map(\.path) == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
      #expect(got.allSatisfy { expected[$0.path] == $0.id })
    }
  }
}
