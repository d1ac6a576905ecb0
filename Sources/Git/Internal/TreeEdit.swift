/// The changes for one folder of a tree, with the changes below it grouped by subfolder.
struct TreeEdit {
  /// Changes to the folder's own entries, by entry name.
  var changes: [String: TreeChange] = [:]
  /// Edits inside subfolders, by subfolder name.
  var folders: [String: TreeEdit] = [:]

  /// True when nothing in this folder or below it changes.
  var isEmpty: Bool { changes.isEmpty && folders.isEmpty }

  /// Groups `changes` keyed by "/"-separated paths into a tree of folder edits.
  init(paths changes: [String: TreeChange]) throws(GitError) {
    for (path, change) in changes {
      // On the scalar: a "/" followed by a combining mark is one Character with it.
      let components = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
        .map { String(String.UnicodeScalarView($0)) }
      guard !components.contains(where: \.isEmpty) else {
        throw GitError.invalid(
          "invalid path '\(path)' in tree change; use a relative path without empty components",
          "git_treebuilder_insert")
      }
      insert(change, at: components[...])
    }
  }

  private init() {}

  private mutating func insert(_ change: TreeChange, at components: ArraySlice<String>) {
    guard let first = components.first else { return }
    if components.count == 1 {
      changes[first] = change
    } else {
      folders[first, default: TreeEdit()].insert(change, at: components.dropFirst())
    }
  }
}
