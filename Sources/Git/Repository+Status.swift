internal import CLibGit2

extension Repository {
  /// Status limited to pathspecs (nil: everything), untracked files included (recursing into
  /// untracked dirs), ignored excluded.
  ///
  /// Like `git status --porcelain` without rename detection; entries come sorted by path.
  public func status(pathspecs: [String]?) throws(GitError) -> [StatusEntry] {
    var options = git_status_options()
    try check(
      git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)),
      "git_status_options_init")
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
    options.flags =
      GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
      | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
    // libgit2 only reads the pathspecs during git_status_list_new.
    let list = try withStringArray(pathspecs ?? []) {
      (pathspecs) throws(GitError) -> Handle<OpaquePointer> in
      options.pathspec = pathspecs
      return try Handle.make("git_status_list_new", free: git_status_list_free) {
        git_status_list_new(&$0, pointer, &options)
      }
    }
    return list.withPointer { list in
      var entries: [StatusEntry] = []
      for index in 0..<git_status_list_entrycount(list) {
        if let entry = git_status_byindex(list, index) {
          entries.append(StatusEntry(entry.pointee))
        }
      }
      return entries
    }
  }
}

extension StatusEntry {
  /// Copies one libgit2 status entry out into a value.
  fileprivate init(_ entry: git_status_entry) {
    let flags = entry.status.rawValue
    let delta = entry.head_to_index ?? entry.index_to_workdir
    let file = delta?.pointee.new_file.path ?? delta?.pointee.old_file.path
    let path = file.map { String(cString: $0) } ?? ""
    if flags & GIT_STATUS_CONFLICTED.rawValue != 0 {
      self.init(path: path, inIndex: .conflicted, inWorkTree: .conflicted)
      return
    }
    self.init(
      path: path,
      inIndex: Self.change(
        flags, added: GIT_STATUS_INDEX_NEW, modified: GIT_STATUS_INDEX_MODIFIED,
        deleted: GIT_STATUS_INDEX_DELETED, renamed: GIT_STATUS_INDEX_RENAMED,
        typeChanged: GIT_STATUS_INDEX_TYPECHANGE),
      inWorkTree: Self.change(
        flags, added: GIT_STATUS_WT_NEW, modified: GIT_STATUS_WT_MODIFIED,
        deleted: GIT_STATUS_WT_DELETED, renamed: GIT_STATUS_WT_RENAMED,
        typeChanged: GIT_STATUS_WT_TYPECHANGE))
  }

  private static func change(
    _ flags: UInt32, added: git_status_t, modified: git_status_t, deleted: git_status_t,
    renamed: git_status_t, typeChanged: git_status_t
  ) -> Change? {
    if flags & added.rawValue != 0 { return .added }
    if flags & deleted.rawValue != 0 { return .deleted }
    if flags & renamed.rawValue != 0 { return .renamed }
    if flags & typeChanged.rawValue != 0 { return .typeChanged }
    if flags & modified.rawValue != 0 { return .modified }
    return nil
  }
}
