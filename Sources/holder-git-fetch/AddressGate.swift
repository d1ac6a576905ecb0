// Where a fetch would connect, judged before it connects and again at each redirect: the host's
// addresses as the system resolver gives them (getaddrinfo), checked by FetchAddressRules, and
// handed to libcurl as the only addresses it may connect to for that host, so a second lookup
// cannot lead elsewhere. A host that does not resolve is reported here, telling the name
// server's "no such name" (EAI_NONAME, a dead link) from a lookup that failed (EAI_AGAIN and the
// rest: the network, not the link).
import Dispatch
import FetchProtocol
import HolderCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

struct AddressGate: Sendable {
  /// The person allowed this machine's own pages (`HOLDER_GIT_FETCH_LOOPBACK`, passed by
  /// holder-git as an argument).
  let allowingLoopback: Bool

  /// Where `url` may connect, as libcurl's `host:port:address,…` pin; or why it may not be
  /// fetched, naming the address it leads to.
  ///
  /// The pin is nil when the host is an address itself (libcurl has nothing to look up) or
  /// the URL has none. Resolving gives up after `timeout` seconds, which is then the fetch's
  /// own failure.
  func pass(_ url: String, timeout: Double) -> Result<String?, FetchError> {
    guard let address = URL(string: url), let host = address.host, !host.isEmpty else {
      return .success(nil)
    }
    let bare =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    switch problem(url, host: bare, timeout: timeout) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let addresses):
      guard Self.literal(bare) == nil, !addresses.isEmpty else { return .success(nil) }
      let port = address.port ?? (address.scheme?.lowercased() == "https" ? 443 : 80)
      var seen: Set<[UInt8]> = []
      let listed = addresses.filter { seen.insert($0).inserted }.map {
        $0.count == 4 ? Self.text($0) : "[\(Self.text($0))]"
      }
      return .success("\(bare.lowercased()):\(port):\(listed.joined(separator: ","))")
    }
  }

  /// The addresses `host` resolves to, all allowed; or why `url` may not be fetched.
  private func problem(_ url: String, host bare: String, timeout: Double) -> Result<
    [[UInt8]], FetchError
  > {
    let resolved = Resolution()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      resolved.set(Self.lookUp(bare))
      done.signal()
    }
    guard done.wait(timeout: .now() + max(timeout, 0.001)) == .success else {
      return .failure(.timedOut(url: url, seconds: timeout))
    }
    let addresses: [[UInt8]]
    switch resolved.get() {
    case .addresses(let found): addresses = found
    case .noSuchName: return .failure(.unknownHost(url: url))
    case .failed: return .failure(.lookupFailed(url: url))
    }
    guard
      let (address, kind) = FetchAddressRules.refused(
        addresses, allowingLoopback: allowingLoopback)
    else { return .success(addresses) }
    return .failure(.refusedAddress(url: url, address: Self.text(address), kind: kind))
  }

  /// `host`'s bytes when it is an IPv4 or IPv6 address written out; nil for a name.
  private static func literal(_ host: String) -> [UInt8]? {
    var ipv4 = in_addr()
    if inet_pton(AF_INET, host, &ipv4) == 1 { return withUnsafeBytes(of: &ipv4) { Array($0) } }
    var ipv6 = in6_addr()
    if inet_pton(AF_INET6, host, &ipv6) == 1 { return withUnsafeBytes(of: &ipv6) { Array($0) } }
    return nil
  }

  /// What looking up a host gave.
  enum Lookup: Sendable {
    /// Every address it resolves to (a literal address to itself).
    case addresses([[UInt8]])
    /// The name server says no such name exists.
    case noSuchName
    /// No answer, or a failure of the resolver itself.
    case failed
  }

  /// What the system resolver says of `host`.
  private static func lookUp(_ host: String) -> Lookup {
    if let faked = fakedAnswer(for: host) { return faked }
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &list)
    guard status == 0 else { return status == EAI_NONAME ? .noSuchName : .failed }
    defer { freeaddrinfo(list) }
    var found: [[UInt8]] = []
    var entry = list
    while let current = entry {
      if let socket = current.pointee.ai_addr {
        switch Int32(current.pointee.ai_family) {
        case AF_INET:
          var ipv4 = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            $0.pointee.sin_addr
          }
          found.append(withUnsafeBytes(of: &ipv4) { Array($0) })
        case AF_INET6:
          var ipv6 = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            $0.pointee.sin6_addr
          }
          found.append(withUnsafeBytes(of: &ipv6) { Array($0) })
        default:
          break
        }
      }
      entry = current.pointee.ai_next
    }
    return .addresses(found)
  }

  /// A debug build's stand-in for the name server, so tests can meet its answers without a
  /// network: `HOLDER_GIT_FAULT_RESOLVER=host=nxdomain,other=fail,third=127.0.0.1` (nil: ask
  /// the system).
  private static func fakedAnswer(for host: String) -> Lookup? {
    #if DEBUG
    guard let spec = ProcessInfo.processInfo.environment["HOLDER_GIT_FAULT_RESOLVER"] else {
      return nil
    }
    for pair in spec.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0] == host else { continue }
      if let address = literal(String(parts[1])) { return .addresses([address]) }
      return parts[1] == "nxdomain" ? .noSuchName : .failed
    }
    #endif
    return nil
  }

  /// `address` as people write it (`127.0.0.1`, `::1`).
  private static func text(_ address: [UInt8]) -> String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = address.count == 4 ? AF_INET : AF_INET6
    let written = address.withUnsafeBytes { bytes in
      inet_ntop(family, bytes.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return address.map(String.init).joined(separator: ".") }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The resolver's answer, handed from its thread to the waiting one.
  private final class Resolution: Sendable {
    private let answer = Mutex(Lookup.failed)

    func set(_ found: Lookup) { answer.withLock { $0 = found } }

    func get() -> Lookup { answer.withLock { $0 } }
  }
}
