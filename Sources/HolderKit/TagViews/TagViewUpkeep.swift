/// Keeps the `tags/` views (`TagViews`) matching HEAD: whether the marker names HEAD, the
/// marker moved after a write, the views rebuilt from the work tree or brought along a tree
/// diff (`TagViewUpkeep+Views`), and files edited through a view taken into the bookmark they
/// stand for (`TagViewUpkeep+FileEdits`).
///
/// It holds no state of its own (the views and their fault are `TagViews`'): one is made for
/// each use (`Store.tagViewUpkeep`).
struct TagViewUpkeep {
  let store: Store
}
