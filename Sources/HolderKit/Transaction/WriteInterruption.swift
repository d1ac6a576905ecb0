import Synchronization

/// Ctrl-C during a write that can still be taken back: the front end's signal handler asks
/// here, and the write stops at its next file and takes back what it wrote, instead of the
/// process dying with files in the work tree that only the next command would roll back.
///
/// Both flags are atomics, the only things a signal handler may touch.
public enum WriteInterruption {
  private static let takingBackable = Atomic<Int>(0)
  private static let requested = Atomic<Bool>(false)

  /// True while a write that can be taken back is under way: an interrupt then asks it to stop
  /// (`request()`); at any other time the interrupt ends the process as usual.
  public static var canTakeBack: Bool { takingBackable.load(ordering: .sequentiallyConsistent) > 0 }

  /// Asks the write under way to stop and take back what it wrote.
  public static func request() { requested.store(true, ordering: .sequentiallyConsistent) }

  /// True once an interrupt asked the write to stop.
  public static var isRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

  /// The stretch of a write during which an interrupt stops it: from `open()` (its journal is
  /// written) to `close()` (its last file is written, or it failed); closing twice is nothing.
  final class Region {
    private var isOpen = false

    func open() {
      guard !isOpen else { return }
      isOpen = true
      takingBackable.add(1, ordering: .sequentiallyConsistent)
    }

    func close() {
      guard isOpen else { return }
      isOpen = false
      takingBackable.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Throws when an interrupt asked the write to stop.
  static func check() throws(StoreError) {
    if isRequested { throw .write(.interrupted) }
  }
}
