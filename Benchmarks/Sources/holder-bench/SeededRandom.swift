import Foundation

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so every
/// run of the benchmarks generates the same stores.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// True with probability `chance`.
  mutating func chance(_ chance: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < chance
  }

  /// An element of `items`, the first ones far more often (Zipf-like, exponent `skew`).
  mutating func skewed<T>(_ items: [T], skew: Double = 1.0, table: inout [Double]) -> T {
    if table.count != items.count {
      var total = 0.0
      table = items.indices.map { index in
        total += 1 / pow(Double(index + 1), skew)
        return total
      }
    }
    let pick = Double.random(in: 0..<(table.last ?? 1), using: &self)
    var low = 0
    var high = table.count - 1
    while low < high {
      let middle = (low + high) / 2
      if table[middle] < pick { low = middle + 1 } else { high = middle }
    }
    return items[low]
  }

  mutating func pick<T>(_ items: [T]) -> T {
    items[Int.random(in: 0..<items.count, using: &self)]
  }
}
