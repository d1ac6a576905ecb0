/// Saving, changing and removing bookmarks, one commit each: add (one or many, told when the
/// link is already saved), edit (fields, or a whole draft opened in an editor and saved back
/// over what changed meanwhile), favourites, remove, and the canonical rewrite of a file.
///
/// It holds no state of its own: one is made for each use (`Store.bookmarkEditor`).
struct BookmarkEditor {
  let store: Store
}
