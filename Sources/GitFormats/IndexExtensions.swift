/// The extensions after the entries of git's index: which survive a splice (`IndexSplice`),
/// how the cache tree (`TREE`) learns which folders changed, and which folders' tree ids it
/// knows (`IndexSnapshot`).
package enum IndexExtensions {
  /// The extensions to write after spliced entries; nil when they forbid the splice.
  ///
  /// `TREE` with every folder above a path of `changed` invalid, `REUC` as it was; nil when a
  /// required extension (a lowercase signature: `link` of a split index, `sdir` of a sparse
  /// one) says the entries cannot be spliced alone. Other optional extensions, caches of what
  /// the entries were, are dropped.
  package static func kept(_ extensions: ArraySlice<UInt8>, invalidating changed: [[UInt8]])
    -> [UInt8]?
  {
    var output: [UInt8] = []
    let folders = folders(of: changed)
    let read = forEach(in: extensions) { signature, body in
      switch signature {
      case "TREE":
        guard let tree = invalidated(extensions[body], folders: folders) else { return false }
        output.append(contentsOf: Array(signature.utf8))
        IndexSplice.append32(UInt32(tree.count), to: &output)
        output.append(contentsOf: tree)
      case "REUC":
        output.append(contentsOf: extensions[(body.lowerBound - 8)..<body.upperBound])
      default:
        break
      }
      return true
    }
    return read ? output : nil
  }

  /// The folders of the cache tree (`TREE`) whose tree ids it knows, by path ("" for the
  /// top); empty when there is none, nil when the extensions cannot be read or a required one
  /// is there.
  package static func cacheTree(_ extensions: ArraySlice<UInt8>) -> [PathKey: ObjectID]? {
    var trees: [PathKey: ObjectID] = [:]
    let read = forEach(in: extensions) { signature, body in
      guard signature == "TREE" else { return true }
      return forEachNode(of: extensions[body]) { path, _, _, id in
        if let id { trees[PathKey(path)] = id }
      }
    }
    return read ? trees : nil
  }

  /// Calls `body` with each extension's signature and the range of its data, until it
  /// returns false; false then, and when the bytes are not extensions or one is required (a
  /// lowercase signature: `link` of a split index, `sdir` of a sparse one), which says the
  /// entries cannot be read alone.
  private static func forEach(
    in extensions: ArraySlice<UInt8>, _ body: (String, Range<Int>) -> Bool
  ) -> Bool {
    var position = extensions.startIndex
    while position < extensions.endIndex {
      guard position + 8 <= extensions.endIndex else { return false }
      let signature = Array(extensions[position..<(position + 4)])
      let size = Int(
        IndexSplice.read32(Array(extensions[(position + 4)..<(position + 8)]), 0))
      let data = (position + 8)..<(position + 8 + size)
      guard data.upperBound <= extensions.endIndex,
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(signature[0]),
        body(String(decoding: signature, as: UTF8.self), data)
      else { return false }
      position = data.upperBound
    }
    return true
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
  private static func invalidated(_ tree: ArraySlice<UInt8>, folders: Set<[UInt8]>) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(tree.count)
    let read = forEachNode(of: tree) { path, node, subtrees, _ in
      if folders.contains(path) {
        output.append(contentsOf: tree[node].prefix { $0 != 0 })
        output.append(contentsOf: Array("\0-1 \(subtrees)\n".utf8))
      } else {
        output.append(contentsOf: tree[node])
      }
    }
    return read ? output : nil
  }

  /// Calls `body` with each node of a cache tree: its path, its bytes, its count of
  /// subtrees and its tree id (nil when invalid); false when the bytes are not a cache tree.
  ///
  /// Its nodes come in pre-order: name, NUL, entry count, space, subtree count, newline, the
  /// id when the count is not negative, then the subtrees.
  private static func forEachNode(
    of tree: ArraySlice<UInt8>, _ body: ([UInt8], Range<Int>, Int, ObjectID?) -> Void
  ) -> Bool {
    var position = tree.startIndex
    // (the node's path, subtrees still to read) from the top down to the current node.
    var stack: [(path: [UInt8], remaining: Int)] = []
    while position < tree.endIndex {
      guard let nul = tree[position...].firstIndex(of: 0),
        let newline = tree[nul...].firstIndex(of: UInt8(ascii: "\n"))
      else { return false }
      let name = tree[position..<nul]
      let counts = String(decoding: tree[(nul + 1)..<newline], as: UTF8.self).split(separator: " ")
      guard counts.count == 2, let entries = Int(counts[0]), let subtrees = Int(counts[1]) else {
        return false
      }
      while let last = stack.last, last.remaining == 0 { stack.removeLast() }
      let path: [UInt8]
      if let parent = stack.last {
        stack[stack.count - 1].remaining -= 1
        path = parent.path.isEmpty ? Array(name) : parent.path + [UInt8(ascii: "/")] + name
      } else {
        guard name.isEmpty else { return false }
        path = []
      }
      let idEnd = entries >= 0 ? newline + 21 : newline + 1
      guard idEnd <= tree.endIndex else { return false }
      body(
        path, position..<idEnd, subtrees,
        entries >= 0 ? ObjectID(bytes: tree[(newline + 1)..<idEnd]) : nil)
      stack.append((path, subtrees))
      position = idEnd
    }
    return true
  }
}
