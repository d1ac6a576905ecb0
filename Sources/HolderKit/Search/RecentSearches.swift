/// The searches a person made, newest first, kept in `.holder/local/` (never synced) for the
/// web app's search box (`RecentSearches+File`).
///
/// It holds no state of its own: one is made for each use (`Store.recentSearchList`).
struct RecentSearches {
  let store: Store
}
