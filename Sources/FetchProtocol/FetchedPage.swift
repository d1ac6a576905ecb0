/// A page as the network gave it: where it ended up, its type and at most the first 2 MB.
public struct FetchedPage: Hashable, Sendable {
  /// The URL after redirects.
  public var url: String
  /// The HTTP status (2xx).
  public var status: Int
  /// The `Content-Type` header, if any.
  public var contentType: String?
  /// The body, cut at the fetcher's limit.
  public var body: [UInt8]
  /// True when the body was longer than the limit and reading stopped there.
  public var truncated: Bool

  public init(url: String, status: Int, contentType: String?, body: [UInt8], truncated: Bool) {
    self.url = url
    self.status = status
    self.contentType = contentType
    self.body = body
    self.truncated = truncated
  }
}
