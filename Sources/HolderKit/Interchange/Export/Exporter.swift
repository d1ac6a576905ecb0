/// Export of a selection of bookmarks as a Netscape file, JSON or JSON Lines, read from the
/// search index, to a file written atomically or to standard output.
///
/// It holds no state of its own: one is made for each use (`Store.exporter`).
struct Exporter {
  let store: Store
}
