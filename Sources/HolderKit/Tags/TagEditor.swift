/// Tags across the store: the listing with counts (`TagEditor+Listing`), rename, move and
/// delete as one commit each (`+Rename`, `+Move`, `+Delete`), and the notes that tell a
/// person when a tag they typed is spelled like another (`+Notes`, `+Spelling`).
///
/// It holds no state of its own: one is made for each use (`Store.tagEditor`).
struct TagEditor {
  let store: Store
}
