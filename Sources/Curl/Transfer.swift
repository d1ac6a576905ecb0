// libcurl's easy interface behind Swift values: the only importer of CCurl, so every C pointer
// of a transfer (the handle, the header list, the body's sink) lives and dies in this file.
import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP GET's answer: a single hop, redirects not followed.
public struct CurlResponse: Sendable {
  /// The HTTP status; 0 when the server sent no status line.
  public var status: Int
  /// The `Content-Type` header as the server wrote it.
  public var contentType: String?
  /// Where a redirect leads, made absolute by libcurl (its `Location` header).
  public var redirect: String?
  /// The body, cut at the transfer's limit.
  public var body: [UInt8]
  /// True when the body reached the limit and reading stopped there.
  public var truncated: Bool
}

/// Why a transfer failed, in the kinds a fetch tells apart.
public enum CurlFailure: Error, Equatable, Sendable {
  /// The transfer's deadline passed.
  case timedOut
  /// libcurl could not resolve the host.
  case cannotResolve
  /// Nothing accepted the connection.
  case cannotConnect
  /// This machine has no route to any network (`ENETUNREACH`, `ENETDOWN`).
  case noNetwork
  /// The connection broke, or closed before a whole answer.
  case connectionLost
  /// TLS failed: the handshake, or the certificate did not verify.
  case insecure
  /// Any other of libcurl's errors, by its number (`CURLcode`).
  case other(code: Int)
}

/// A libcurl easy handle for a fetch's hops, one after another on one thread.
///
/// Redirects are not followed here: the caller judges each hop before asking for it. TLS
/// certificates and host names are verified, only http and https are spoken, compressed bodies
/// arrive decoded, and no cookies are kept.
public final class CurlTransfer {
  /// nil when libcurl could not make one: each transfer then fails as libcurl's own would.
  private let handle: UnsafeMutableRawPointer?
  private var headers: UnsafeMutablePointer<curl_slist>?

  /// A handle that names itself `userAgent` and sends `headers` (`Name: value`) with each
  /// request.
  public init(userAgent: String, headers: [String]) {
    handle = Self.started ? curl_easy_init() : nil
    guard let handle else { return }
    for header in headers {
      self.headers = curl_slist_append(self.headers, header)
    }
    holder_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
    holder_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    holder_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    holder_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
    holder_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
    holder_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    holder_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
    holder_curl_set_list(handle, CURLOPT_HTTPHEADER, self.headers)
  }

  deinit {
    curl_easy_cleanup(handle)
    curl_slist_free_all(headers)
  }

  /// GETs `url`, giving up after `timeout` seconds; the body stops after `limit` bytes.
  ///
  /// A `pin` (`host:port:address,…`, IPv6 addresses in brackets) is where the host is
  /// reached: libcurl connects there and does not look the name up itself.
  public func get(_ url: String, timeout: Double, limit: Int, pin: String? = nil) -> Result<
    CurlResponse, CurlFailure
  > {
    guard let handle else { return .failure(.other(code: Int(CURLE_FAILED_INIT.rawValue))) }
    let sink = Sink(limit: limit)
    let context = Unmanaged.passRetained(sink)
    defer { context.release() }
    // libcurl reads the list during the transfer and keeps no pointer to it after.
    let pins = pin.map { curl_slist_append(nil, $0) } ?? nil
    holder_curl_set_list(handle, CURLOPT_RESOLVE, pins)
    defer {
      holder_curl_set_list(handle, CURLOPT_RESOLVE, nil)
      curl_slist_free_all(pins)
    }
    holder_curl_set_string(handle, CURLOPT_URL, url)
    holder_curl_set_long(handle, CURLOPT_HTTPGET, 1)
    holder_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(Int(timeout * 1000), 1))
    holder_curl_set_writer(handle, Sink.write, context.toOpaque())
    let code = curl_easy_perform(handle)
    // Stopping at the limit is the sink's refusal of more bytes, not a failure.
    guard code == CURLE_OK || (code == CURLE_WRITE_ERROR && sink.truncated) else {
      return .failure(
        Self.failure(code, errno: Int32(holder_curl_info_long(handle, CURLINFO_OS_ERRNO))))
    }
    return .success(
      CurlResponse(
        status: holder_curl_info_long(handle, CURLINFO_RESPONSE_CODE),
        contentType: holder_curl_info_string(handle, CURLINFO_CONTENT_TYPE).map {
          String(cString: $0)
        },
        redirect: holder_curl_info_string(handle, CURLINFO_REDIRECT_URL).map {
          String(cString: $0)
        },
        body: sink.body, truncated: sink.truncated))
  }

  /// libcurl's process-wide set-up, done once before the first handle (thread-safe: a global).
  private static let started = holder_curl_global_init() == CURLE_OK

  /// `code` in a fetch's kinds; `errno` is the system's word on the last socket call.
  private static func failure(_ code: CURLcode, errno: Int32) -> CurlFailure {
    switch code {
    case CURLE_OPERATION_TIMEDOUT: return .timedOut
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotResolve
    case CURLE_COULDNT_CONNECT:
      return errno == ENETUNREACH || errno == ENETDOWN ? .noNetwork : .cannotConnect
    case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
      return .connectionLost
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
      CURLE_USE_SSL_FAILED:
      return .insecure
    default: return .other(code: Int(code.rawValue))
    }
  }

  /// Where libcurl's write callback puts a body: reached only through the callback's context.
  private final class Sink {
    let limit: Int
    var body: [UInt8] = []
    var truncated = false

    init(limit: Int) { self.limit = limit }

    /// Keeps bytes up to the limit; answering fewer than it was given stops the transfer.
    static let write: holder_curl_write_callback = { data, size, count, context in
      guard let context else { return 0 }
      let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
      let total = size * count
      let room = max(sink.limit - sink.body.count, 0)
      if let data {
        data.withMemoryRebound(to: UInt8.self, capacity: total) {
          sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: min(total, room)))
        }
      }
      // The page's head is long past: stop here rather than read what is not kept.
      guard total < room else {
        sink.truncated = true
        return 0
      }
      return total
    }
  }
}
