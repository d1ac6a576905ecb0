// Where a fetch would connect, judged before it connects and again at each redirect: the host's
// addresses as the system resolver gives them (getaddrinfo), checked by FetchAddressRules. A host
// that does not resolve is let through: the fetch then reports it as it always has.
import Dispatch
import Foundation
import HolderCore
import HolderKit

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
      resolved.set(Self.addresses(of: bare))
      done.signal()
    }
    guard done.wait(timeout: .now() + max(timeout, 0.001)) == .success else {
      return .timedOut(url: url, seconds: timeout)
    }
    guard
      let (address, kind) = FetchAddressRules.refused(
        resolved.get(), allowingLoopback: allowingLoopback)
    else { return nil }
    return .refusedAddress(url: url, address: Self.text(address), kind: kind)
  }

  /// Every address `host` resolves to (a literal address to itself); empty when it does not.
  private static func addresses(of host: String) -> [[UInt8]] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
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
    return found
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
    private var addresses: [[UInt8]] = []

    func set(_ found: [[UInt8]]) { lock.withLock { addresses = found } }

    func get() -> [[UInt8]] { lock.withLock { addresses } }
  }
}
