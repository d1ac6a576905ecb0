/// The pages behind bookmarks fetched through the helper (`PageFetcher`): an add that
/// fills the title and description from the page (`PageRefresher+FetchingAdd`), and
/// `refresh` of titles, descriptions and thumbnails (`+Refresh`).
///
/// It holds no state of its own: one is made for each use (`Store.pageRefresher`).
struct PageRefresher {
  let store: Store
}
