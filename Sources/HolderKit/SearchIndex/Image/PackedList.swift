#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Many variable-length lists in two arrays: every element one after another, and their ends.
///
/// So a hundred thousand paths (or documents, or tag lists) are two allocations,
/// not a hundred thousand, and are written to and read from a file as they are.
struct PackedList<Element: BitwiseCopyable>: Sendable, Equatable
where Element: Sendable & Equatable {
  /// The end of list `n` in `elements`; it starts where list `n - 1` ends.
  private(set) var ends: [UInt64] = []
  private(set) var elements: [Element] = []

  init() {}

  /// Takes arrays read from a file; nil unless `ends` rises and stays within `elements`.
  init?(ends: [UInt64], elements: [Element]) {
    var previous: UInt64 = 0
    for end in ends {
      guard end >= previous else { return nil }
      previous = end
    }
    guard previous <= UInt64(elements.count) else { return nil }
    self.ends = ends
    self.elements = elements
  }

  var count: Int { ends.count }

  /// `count` empty lists.
  static func empty(_ count: Int) -> PackedList {
    var list = PackedList()
    list.ends = Array(repeating: 0, count: count)
    return list
  }

  subscript(position: Int) -> ArraySlice<Element> {
    elements[range(position)]
  }

  func range(_ position: Int) -> Range<Int> {
    (position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])
  }

  mutating func reserve(lists: Int, elements count: Int) {
    ends.reserveCapacity(lists)
    elements.reserveCapacity(count)
  }

  mutating func append(_ list: some Sequence<Element>) {
    elements.append(contentsOf: list)
    ends.append(UInt64(elements.count))
  }

  /// Starts a list whose elements `appendToLast` adds one at a time.
  mutating func appendEmpty() {
    ends.append(UInt64(elements.count))
  }

  mutating func appendToLast(_ element: Element) {
    elements.append(element)
    ends[ends.count - 1] = UInt64(elements.count)
  }
}

extension PackedList where Element == UInt8 {
  /// True when list `a` comes before list `b` in byte order.
  func listPrecedes(_ a: Int, _ b: Int) -> Bool {
    let first = range(a)
    let second = range(b)
    let common = Swift.min(first.count, second.count)
    let order = unsafe elements.withUnsafeBufferPointer { buffer -> Int32 in
      guard common > 0, let base = buffer.baseAddress else { return 0 }
      return unsafe memcmp(base + first.lowerBound, base + second.lowerBound, common)
    }
    return order != 0 ? order < 0 : first.count < second.count
  }
}
