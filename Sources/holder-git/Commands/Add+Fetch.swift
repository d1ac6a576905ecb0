import FetchProtocol
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension HolderGit.Add {
  /// Saves the link, fetching the page first unless `--no-fetch` or `HOLDER_GIT_OFFLINE=1`.
  ///
  /// A failed or slow fetch is one warning line; the bookmark is saved either way.
  func save(_ request: AddRequest, in store: Store) throws -> AddOutcome {
    if noFetch || PageFetcher.isOffline(environment: ProcessInfo.processInfo.environment) {
      return try store.add(request)
    }
    let environment = ProcessInfo.processInfo.environment
    let fetcher = PageFetcher(
      allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
    let result = try store.add(request, fetchingWith: fetcher, timeout: 2)
    if let problem = result.fetchProblem {
      let reason = TerminalText.oneLine(tr(said: problem.errorDescription ?? "\(problem)"))
      Printer.message(
        tr(
          "warning: saved without the page's metadata: \(reason); 'holder-git refresh --missing-only' tries again"
        ))
    }
    return result.outcome
  }
}
