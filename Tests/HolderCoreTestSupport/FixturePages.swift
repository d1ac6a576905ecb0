import Foundation

/// The fixture web pages under `Tests/Fixtures/pages/`, read from the source tree.
public enum FixturePages {
  /// The folder holding the pages.
  public static let directory: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/pages").path

  /// The bytes of the page called `name` (`euc-kr.html`).
  public static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
  }
}
