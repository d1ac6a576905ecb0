import Foundation

/// The files under `Tests/Fixtures`, copied into the test bundle as `Fixtures`.
enum Fixtures {
  struct Missing: Error, CustomStringConvertible {
    var path: String
    var description: String { "no fixture '\(path)'" }
  }

  /// The bytes of `Tests/Fixtures/<path>`.
  static func bytes(_ path: String) throws -> [UInt8] {
    guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      throw Missing(path: path)
    }
    return Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  /// The names of the `.json` files in `Tests/Fixtures/<folder>`, sorted.
  static func jsonFiles(in folder: String) throws -> [String] {
    guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      throw Missing(path: folder)
    }
    let names = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent(folder).path)
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }
}
