import Synchronization

/// A part of an index image read from its file the first time it is used, then kept: `show`
/// never reads the folded text a search scans, and a search never reads the id table.
final class LoadedOnce<Value: Sendable>: Sendable {
  private let state: Mutex<Value?>
  private let load: @Sendable () -> Value

  /// A part already in memory (an image just built).
  init(_ value: Value) {
    state = Mutex(value)
    load = { value }
  }

  /// A part read by `load` when first asked for; `load` gives a safe value of the right shape
  /// even when the file can no longer be read or does not hold what it should.
  init(loading load: @escaping @Sendable () -> Value) {
    state = Mutex(nil)
    self.load = load
  }

  var value: Value {
    state.withLock { state in
      if let value = state { return value }
      let value = load()
      state = value
      return value
    }
  }
}
