import Foundation
import HolderCore
import HolderCoreTestSupport
import Testing

/// The shipped vectors (`schema/url-vectors.json`) against both functions, row by row.
@Suite struct URLVectorsTests {
  @Test func theVectorsCoverEnoughCases() throws {
    let cases = try URLVector.all()
    #expect(cases.count >= 60)
    #expect(cases.contains { $0.error == "unsafeScheme" })
    #expect(cases.filter { $0.path != nil }.count >= 60)
  }

  @Test(arguments: try URLVector.all())
  func normalizesAsTheVectorSays(_ vector: URLVector) throws {
    let allowing = vector.allowingUnsafeSchemes ?? false
    if let expectedError = vector.error {
      #expect(throws: URLInputError.self) {
        _ = try URLNormalizer.normalize(vector.input, allowingUnsafeSchemes: allowing)
      }
      do {
        let normalized = try URLNormalizer.normalize(vector.input, allowingUnsafeSchemes: allowing)
        Issue.record("expected \(expectedError), got '\(normalized)'")
      } catch {
        #expect(error.caseName == expectedError)
      }
      return
    }
    let normalized = try URLNormalizer.normalize(vector.input, allowingUnsafeSchemes: allowing)
    #expect(normalized == vector.normalized)
    #expect(try URLNormalizer.normalize(normalized, allowingUnsafeSchemes: allowing) == normalized)
    let path = BookmarkPath.relativePath(forNormalizedURL: normalized)
    #expect(path == vector.path)
    #expect(BookmarkPath.isBookmarkPath(path))
    if let readable = vector.readable {
      #expect(URLNormalizer.readable(normalized) == readable)
    }
    if !allowing {
      // What people see can be pasted back and is the same bookmark.
      #expect(try URLNormalizer.normalize(URLNormalizer.readable(normalized)) == normalized)
    }
  }
}

/// One row of `schema/url-vectors.json`.
struct URLVector: Decodable, Sendable, CustomTestStringConvertible {
  var input: String
  var normalized: String?
  var path: String?
  var error: String?
  var readable: String?
  var allowingUnsafeSchemes: Bool?

  var testDescription: String { "'\(input)'" }

  private struct File: Decodable {
    var cases: [URLVector]
  }

  static func all() throws -> [URLVector] {
    let file = SchemaValidator.schemaDirectory.appendingPathComponent("url-vectors.json")
    let data = try Data(contentsOf: file)
    return try JSONDecoder().decode(File.self, from: data).cases
  }
}

extension URLInputError {
  /// The case's name as the vectors file spells it.
  var caseName: String {
    switch self {
    case .empty: return "empty"
    case .notAURL: return "notAURL"
    case .unsafeScheme: return "unsafeScheme"
    case .invalidHost: return "invalidHost"
    case .missingHost: return "missingHost"
    case .invalidPort: return "invalidPort"
    case .credentials: return "credentials"
    }
  }
}
