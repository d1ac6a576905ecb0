import Git
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The store's libgit2 repository, opened at its first use: a read whose index is current
/// never starts libgit2 (see `PlainGitDirectory`).
final class LazyRepository: @unchecked Sendable {
  private let lock = Mutex(())
  private let root: String
  private var opened: Repository?

  /// A repository opened already.
  init(_ repository: Repository, root: String) {
    self.root = root
    opened = repository
  }

  /// The repository of the plain `.git` under `root`, opened when first asked for.
  init(root: String) {
    self.root = root
  }

  var repository: Repository {
    lock.withLock { _ in
      if let opened { return opened }
      do {
        let repository = try Repository.open(at: root)
        opened = repository
        return repository
      } catch {
        // The store opened a moment ago with a plain `.git`: only a `.git` taken away since
        // gets here, and no command can go on without its repository.
        fatalError("cannot open the git repository of the store at '\(root)': \(error)")
      }
    }
  }
}
