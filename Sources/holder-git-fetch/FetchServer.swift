import Dispatch
import FetchProtocol
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `holder-git-fetch serve`: one `FetchRequest` a line in, one `FetchResponse` a line out,
/// each request on a thread of its own (a fetch mostly waits), answers in the order they
/// finish.
struct FetchServer {
  let session: PageSession

  func run() -> Never {
    let output = LineWriter()
    let decoder = JSONDecoder()
    while let line = readLine(strippingNewline: true) {
      guard let request = try? decoder.decode(FetchRequest.self, from: Data(line.utf8)) else {
        StandardError.write("holder-git-fetch: not a request: \(line)\n")
        exit(65)
      }
      let session = session
      // A queue of its own targets dispatch's overcommitting pool, which starts a thread
      // whenever none is free: a fetch that blocks never holds up the next one.
      DispatchQueue(label: "holder-git-fetch.request").async {
        output.write(Self.answer(request, session: session))
      }
    }
    // holder-git is done with us: the fetches still running have no one to answer.
    exit(0)
  }

  private static func answer(_ request: FetchRequest, session: PageSession) -> FetchResponse {
    if request.metadata {
      switch session.facts(for: request.url, timeout: request.timeout) {
      case .success(let facts): return FetchResponse(id: request.id, facts: facts)
      case .failure(let error): return FetchResponse(id: request.id, error: error)
      }
    }
    switch session.fetch(request.url, timeout: request.timeout, limit: request.limit) {
    case .success(let page): return FetchResponse(id: request.id, page: page)
    case .failure(let error): return FetchResponse(id: request.id, error: error)
    }
  }
}

/// Writes whole lines of JSON to standard output, one writer at a time.
final class LineWriter: Sendable {
  private let lock = Mutex(())

  func write(_ value: some Encodable) {
    guard let data = try? JSONEncoder().encode(value) else { return }
    lock.withLock { _ in
      StandardOutput.write(data + Data([0x0A]))
    }
  }
}
