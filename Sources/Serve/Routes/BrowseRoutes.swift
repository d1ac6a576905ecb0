// `/` and `/fragment/list`: the cards, newest change first, by tag or favourites, or what a
// search finds (the CLI's query language, matches marked). The fragment is what the page's
// script fetches as you type and when the store changes.
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  func addBrowseRoutes(to router: Router<AppRequestContext>) {
    router.get("/") { request, _ in await self.browse(request) }
    router.get("/fragment/list") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      return self.pages.html(await self.list(fields, remember: false).html)
    }
  }

  func browse(_ request: Request) async -> Response {
    let fields = FormFields(query: request.uri.query ?? "")
    var frame = await base(query: fields["q"] ?? "")
    let list = await self.list(fields, remember: true)
    let current = fields["tag"]
    let tree = await library.tags().tree.map { info in
      BrowseView.TreeTag(
        tag: info.tag, name: info.name, depth: min(info.depth, 6), total: info.total,
        href: "/?tag=" + QueryText.encode(info.tag),
        current: current.map { Bookmark.tagKey($0) == Bookmark.tagKey(info.tag) } ?? false)
    }
    // The search box keeps the filter: typing searches within the tag or the favourites.
    frame.filterTag = current.flatMap { $0.isEmpty ? nil : $0 }
    frame.filterFavorites = fields["fav"] == "1"
    let view = BrowseView(
      list: list, count: await library.count, tagTree: tree,
      isAll: current == nil && fields["fav"] == nil && (fields["q"] ?? "").isEmpty,
      isFavorites: fields["fav"] == "1", bookmarklet: Bookmarklet.link(origin: origin))
    return pages.html(frame.browsePage(view))
  }

  /// The list part of the page: the cards of one page, the summary and the pager.
  func list(_ fields: FormFields, remember: Bool) async -> ListView {
    let text = (fields["q"] ?? "").trimmingSpaces()
    let tag = fields["tag"].flatMap { $0.isEmpty ? nil : $0 }
    let favorites = fields["fav"] == "1"
    let page = max(1, Int(fields["page"] ?? "") ?? 1)
    let offset = (page - 1) * App.pageSize
    var context = ListView(generation: await library.generation, heading: "", summary: "")
    let found: (bookmarks: [LocatedBookmark], total: Int)
    var query: SearchQuery?
    if text.isEmpty {
      found = await library.page(
        ListFilter(tag: tag, favoritesOnly: favorites), offset: offset, limit: App.pageSize)
      context.heading =
        tag ?? Reader.text(favorites ? Message("Favourites") : Message("All bookmarks"))
      let count = found.total
      if let tag {
        context.summary = Reader.text(
          count: count, one: "1 bookmark tagged \(tag)", other: "\(count) bookmarks tagged \(tag)")
      } else if favorites {
        context.summary = Reader.text(
          count: count, one: "1 bookmark marked favourite",
          other: "\(count) bookmarks marked favourite")
      } else {
        context.summary = Self.counted(count)
      }
    } else {
      do {
        var parsed = try QueryParser.parse(text)
        if let tag { parsed.filters.append(.tag(tag)) }
        if favorites { parsed.filters.append(.favorite(true)) }
        query = parsed
        found = await library.search(parsed, offset: offset, limit: App.pageSize)
        if remember && found.total > 0 { await library.remember(text) }
        context.summary = Self.searchSummary(
          found.total, text: text, tag: tag, favorites: favorites)
      } catch {
        found = ([], 0)
        context.problem = Reader.said(error.errorDescription ?? "\(error)")
        context.summary = Reader.text(Message("The search could not be read"))
      }
      context.heading = Reader.text(Message("Search: \(text)"))
    }
    context.cards = found.bookmarks.map { located in
      let hasImage = !ThumbnailCache.sources(of: located.bookmark).isEmpty
      return CardView(
        located, query: query, thumbnail: hasImage ? "/thumb/\(located.bookmark.id)" : nil)
    }
    var link = fields
    if offset + App.pageSize < found.total {
      link.set("page", String(page + 1))
      context.next = "/?" + link.encoded
    }
    if page > 1 {
      link.set("page", String(page - 1))
      context.previous = "/?" + link.encoded
    }
    return context
  }

  /// What a search found, saying the tag or favourites it was kept to: the search box keeps
  /// the filter the page was showing.
  static func searchSummary(_ count: Int, text: String, tag: String?, favorites: Bool) -> String {
    if let tag {
      return count == 0
        ? Reader.text(Message("No bookmark tagged \(tag) matches ‘\(text)’"))
        : Reader.text(
          count: count, one: "1 bookmark tagged \(tag) matches ‘\(text)’",
          other: "\(count) bookmarks tagged \(tag) match ‘\(text)’")
    }
    if favorites {
      return count == 0
        ? Reader.text(Message("No favourite matches ‘\(text)’"))
        : Reader.text(
          count: count, one: "1 favourite matches ‘\(text)’",
          other: "\(count) favourites match ‘\(text)’")
    }
    return count == 0
      ? Reader.text(Message("No bookmark matches ‘\(text)’"))
      : Reader.text(
        count: count, one: "1 bookmark matches ‘\(text)’",
        other: "\(count) bookmarks match ‘\(text)’")
  }

  /// `3 bookmarks` in the reader's language.
  static func counted(_ count: Int) -> String {
    Reader.text(count: count, one: "1 bookmark", other: "\(count) bookmarks")
  }
}
