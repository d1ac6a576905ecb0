/// The extensions after the entries of git's index, for `IndexSplice`: which survive a splice
/// and how the cache tree (`TREE`) learns which folders changed.
enum IndexExtensions {
  /// The extensions to write after spliced entries; nil when they forbid the splice.
  ///
  /// `TREE` with every folder above a path of `changed` invalid, `REUC` as it was; nil when a
  /// required extension (a lowercase signature: `link` of a split index, `sdir` of a sparse
  /// one) says the entries cannot be spliced alone. Other optional extensions, caches of what
  /// the entries were, are dropped.
  static func kept(_ extensions: ArraySlice<UInt8>, invalidating changed: [[UInt8]]) -> [UInt8]? {
    var output: [UInt8] = []
    var position = extensions.startIndex
    while position < extensions.endIndex {
      guard position + 8 <= extensions.endIndex else { return nil }
      let signature = Array(extensions[position..<(position + 4)])
      let size = Int(
        IndexSplice.read32(Array(extensions[(position + 4)..<(position + 8)]), 0))
      let body = (position + 8)..<(position + 8 + size)
      guard body.upperBound <= extensions.endIndex else { return nil }
      position = body.upperBound
      guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(signature[0]) else { return nil }
      switch String(decoding: signature, as: UTF8.self) {
      case "TREE":
        guard let tree = invalidated(extensions[body], folders: folders(of: changed)) else {
          return nil
        }
        output.append(contentsOf: signature)
        IndexSplice.append32(UInt32(tree.count), to: &output)
        output.append(contentsOf: tree)
      case "REUC":
        output.append(contentsOf: extensions[(body.lowerBound - 8)..<body.upperBound])
      default:
        continue
      }
    }
    return output
  }

  /// Every folder above each path, the top as "", each as the cache tree names it.
  private static func folders(of paths: [[UInt8]]) -> Set<[UInt8]> {
    var folders: Set<[UInt8]> = [[]]
    for path in paths {
      for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
        folders.insert(Array(path[0..<index]))
      }
    }
    return folders
  }

  /// The cache tree with the nodes of `folders` invalid: entry count -1 and no id.
  ///
  /// Its nodes come in pre-order: name, NUL, entry count, space, subtree count, newline, the id when
  /// the count is not negative, then the subtrees.
  private static func invalidated(_ tree: ArraySlice<UInt8>, folders: Set<[UInt8]>) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(tree.count)
    var position = tree.startIndex
    // (the node's path, subtrees still to read) from the top down to the current node.
    var stack: [(path: [UInt8], remaining: Int)] = []
    while position < tree.endIndex {
      guard let nul = tree[position...].firstIndex(of: 0),
        let newline = tree[nul...].firstIndex(of: UInt8(ascii: "\n"))
      else { return nil }
      let name = tree[position..<nul]
      let counts = String(decoding: tree[(nul + 1)..<newline], as: UTF8.self).split(separator: " ")
      guard counts.count == 2, let entries = Int(counts[0]), let subtrees = Int(counts[1]) else {
        return nil
      }
      while let last = stack.last, last.remaining == 0 { stack.removeLast() }
      let path: [UInt8]
      if let parent = stack.last {
        stack[stack.count - 1].remaining -= 1
        path = parent.path.isEmpty ? Array(name) : parent.path + [UInt8(ascii: "/")] + name
      } else {
        guard name.isEmpty else { return nil }
        path = []
      }
      let idEnd = entries >= 0 ? newline + 21 : newline + 1
      guard idEnd <= tree.endIndex else { return nil }
      if folders.contains(path) {
        output.append(contentsOf: name)
        output.append(contentsOf: Array("\0-1 \(subtrees)\n".utf8))
      } else {
        output.append(contentsOf: tree[position..<idEnd])
      }
      stack.append((path, subtrees))
      position = idEnd
    }
    return output
  }
}
