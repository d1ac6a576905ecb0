// Where a fetch would connect, judged before it connects and again at each redirect: the host's
// addresses as the system resolver gives them (getaddrinfo), checked by FetchAddressRules. A host
// that does not resolve is reported here, telling the name server's "no such name" (EAI_NONAME,
// a dead link) from a lookup that failed (EAI_AGAIN and the rest: the network, not the link).
import Dispatch
import FetchProtocol
import Foundation
import HolderCore

#if canImport(Glibc)
import Glibc
#endif

struct AddressGate: Sendable {
  /// The person allowed this machine's own pages (`HOLDER_GIT_FETCH_LOOPBACK`, passed by
  /// holder-git as an argument).
  let allowingLoopback: Bool

  /// Why `url` may not be fetched, naming the address it leads to; nil when it may be.
  ///
  /// Resolving gives up after `timeout` seconds, which is then the fetch's own failure.
  func problem(_ url: String, timeout: Double) -> FetchError? {
    guard let host = URL(string: url)?.host, !host.isEmpty else { return nil }
    let bare =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let resolved = Resolution()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      resolved.set(Self.lookUp(bare))
      done.signal()
    }
    guard done.wait(timeout: .now() + max(timeout, 0.001)) == .success else {
      return .timedOut(url: url, seconds: timeout)
    }
    let addresses: [[UInt8]]
    switch resolved.get() {
    case .addresses(let found): addresses = found
    case .noSuchName: return .unknownHost(url: url)
    case .failed: return .lookupFailed(url: url)
    }
    guard
      let (address, kind) = FetchAddressRules.refused(
        addresses, allowingLoopback: allowingLoopback)
    else { return nil }
    return .refusedAddress(url: url, address: Self.text(address), kind: kind)
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
  /// network: `HOLDER_GIT_FAULT_RESOLVER=host=nxdomain,other=fail` (nil: ask the system).
  private static func fakedAnswer(for host: String) -> Lookup? {
    #if DEBUG
    guard let spec = ProcessInfo.processInfo.environment["HOLDER_GIT_FAULT_RESOLVER"] else {
      return nil
    }
    for pair in spec.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0] == host else { continue }
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
  private final class Resolution: @unchecked Sendable {
    private let lock = NSLock()
    private var answer = Lookup.failed

    func set(_ found: Lookup) { lock.withLock { answer = found } }

    func get() -> Lookup { lock.withLock { answer } }
  }
}
