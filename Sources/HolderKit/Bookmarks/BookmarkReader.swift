/// Bookmarks read from the work tree: a file by its path, a link, a name a person typed (an
/// id, a path, a link) resolved (`BookmarkReader+Files`), the lists by tag and favourite
/// (`+List`), the link a bookmark opens and the commit that last touched it (`+Open`), and
/// the size limits a file is held to (`+Limits`).
///
/// It holds no state of its own: one is made for each use (`Store.reader`).
struct BookmarkReader {
  let store: Store
}
