#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The lines `holder-git` and its helper `holder-git-fetch` exchange: one JSON object a line,
/// requests one way, answers the other, matched by `id` (answers come in any order).
package struct FetchRequest: Codable, Sendable {
  /// The User-Agent the helper sends with every request.
  package static let userAgent =
    "holder-git/0.1 (bookmark metadata fetcher; one request per link)"

  package var id: Int
  package var url: String
  package var timeout: Double
  package var limit: Int?
  /// True: what the page says about itself (`PageFacts`); false: the page as fetched.
  package var metadata: Bool

  package init(id: Int, url: String, timeout: Double, limit: Int?, metadata: Bool) {
    self.id = id
    self.url = url
    self.timeout = timeout
    self.limit = limit
    self.metadata = metadata
  }
}

/// What a page says about itself; `holder-git` adds the time it was fetched.
package struct PageFacts: Codable, Sendable, Equatable {
  package var title: String?
  package var description: String?
  package var image: String?
  package var icon: String?

  package init(
    title: String? = nil, description: String? = nil, image: String? = nil, icon: String? = nil
  ) {
    self.title = title
    self.description = description
    self.image = image
    self.icon = icon
  }
}

/// The helper's answer to one `FetchRequest`: exactly one of `page`, `facts`, `error`.
package struct FetchResponse: Codable, Sendable {
  package var id: Int
  package var page: FetchedPage?
  package var facts: PageFacts?
  package var error: FetchError?

  package init(
    id: Int, page: FetchedPage? = nil, facts: PageFacts? = nil, error: FetchError? = nil
  ) {
    self.id = id
    self.page = page
    self.facts = facts
    self.error = error
  }
}

extension FetchedPage: Codable {
  private enum CodingKeys: String, CodingKey { case url, status, contentType, body, truncated }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      url: try container.decode(String.self, forKey: .url),
      status: try container.decode(Int.self, forKey: .status),
      contentType: try container.decodeIfPresent(String.self, forKey: .contentType),
      // Base64, not an array of numbers: a body is up to 2 MB.
      body: [UInt8](try container.decode(Data.self, forKey: .body)),
      truncated: try container.decode(Bool.self, forKey: .truncated))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(url, forKey: .url)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(contentType, forKey: .contentType)
    try container.encode(Data(body), forKey: .body)
    try container.encode(truncated, forKey: .truncated)
  }
}
