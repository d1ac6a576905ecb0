// `/api/bookmarks/`: linkding's bookmark resource on the store. Lists newest saved first, in
// holder-git's search syntax (with linkding's `#tag` and `!unread`); archived bookmarks only
// under `archived/`. A save is `holder-git add` (the page fetched first when the client gave
// no title or description; a link saved already is updated, its note kept and added to); an
// update is the web app's Edit (merged with what changed meanwhile, in one commit); each names
// the client in the commit's `Device:` trailer.
import HolderCore
import HolderKit
import Hummingbird

extension App {
  func addBookmarkAPIRoutes(to router: Router<AppRequestContext>) {
    router.get("/api/bookmarks") { request, _ in await self.listBookmarks(request, archived: false)
    }
    router.post("/api/bookmarks") { request, _ in await self.createBookmark(request) }
    refuseOtherMethods(at: "/api/bookmarks", than: [.get, .post], on: router)
    // `archived` and `check` sit where an id does: one route, so no id can shadow them.
    router.get("/api/bookmarks/:id") { request, context in
      switch context.parameters.get("id") {
      case "archived": return await self.listBookmarks(request, archived: true)
      case "check": return await self.checkBookmark(request)
      default:
        switch await self.apiBookmark(context) {
        case .success(let located): return APIAnswer.json(BookmarkJSON.node(located.bookmark))
        case .failure(let refusal): return refusal.response
        }
      }
    }
    router.put("/api/bookmarks/:id") { request, context in
      await self.updateBookmark(request, context, partial: false)
    }
    router.patch("/api/bookmarks/:id") { request, context in
      await self.updateBookmark(request, context, partial: true)
    }
    router.delete("/api/bookmarks/:id") { request, context in
      switch await self.apiBookmark(context) {
      case .failure(let refusal): return refusal.response
      case .success(let located):
        do {
          _ = try await self.library.remove(located.bookmark.id, device: App.client(request))
          return APIAnswer.noContent
        } catch { return APIAnswer.failure(error) }
      }
    }
    refuseOtherMethods(at: "/api/bookmarks/:id", than: [.get, .put, .patch, .delete], on: router)
    for (action, archived) in [("archive", true), ("unarchive", false)] {
      let path = RouterPath("/api/bookmarks/:id/\(action)")
      router.post(path) { request, context in
        switch await self.apiBookmark(context) {
        case .failure(let refusal): return refusal.response
        case .success(let located):
          var edited = located.bookmark
          edited.tags = BookmarkJSON.tags(edited.tags, unread: nil, archived: archived)
          do {
            _ = try await self.library.saveEdit(
              edited, openedOn: located.bookmark, device: App.client(request))
            return APIAnswer.noContent
          } catch { return APIAnswer.failure(error) }
        }
      }
      refuseOtherMethods(at: path, than: [.post], on: router)
    }
  }

  /// The bookmark the path's id names, or the answer saying why there is none.
  func apiBookmark(_ context: some RequestContext) async -> Result<LocatedBookmark, APIRefusal> {
    guard let text = context.parameters.get("id"), let number = Int(text) else {
      return .failure(APIRefusal(APIAnswer.notFound))
    }
    switch await apiIDs.entry(number, in: library) {
    case nil:
      return .failure(APIRefusal(APIAnswer.notFound))
    case .shared(let ids):
      let names = ids.map(\.rawValue).joined(separator: ", ")
      return .failure(
        APIRefusal(
          APIAnswer.detail(
            "The id \(number) stands for \(ids.count) bookmarks (\(names)); this API cannot tell them apart, so it changes neither. Change them with 'holder-git edit ID' or the web app.",
            status: .conflict)))
    case .one(let id):
      guard let located = await library.bookmark(id) else {
        return .failure(APIRefusal(APIAnswer.notFound))
      }
      return .success(located)
    }
  }

  /// `GET /api/bookmarks/` and `archived/`: one page, newest saved first.
  func listBookmarks(_ request: Request, archived: Bool) async -> Response {
    let fields = FormFields(query: request.uri.query ?? "")
    var query: SearchQuery
    do {
      query = try QueryParser.parse(App.holderQuery(fields["q"] ?? ""))
    } catch {
      return APIAnswer.invalid([("q", error.errorDescription ?? "\(error)")])
    }
    let archive = SearchFilter.tag(BookmarkJSON.archivedTag)
    query.filters.append(archived ? archive : .not(archive))
    let page = APIPage(fields)
    let found = await library.page(
      query, key: "\(archived)\u{0}\(fields["q"] ?? "")", sort: .created, offset: page.offset,
      limit: page.limit)
    return APIAnswer.json(
      page.node(
        count: found.total, results: found.bookmarks.map { BookmarkJSON.node($0.bookmark) },
        request: request))
  }

  /// linkding's search words in holder-git's syntax: `#tag` is `tag:tag`, `!unread` the tag
  /// `toread`; the rest (words, `"phrases"`, `-word`, `site:`, `fav:`…) is holder-git's own.
  static func holderQuery(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).map { word -> String in
      if word.hasPrefix("#") && word.count > 1 { return "tag:" + word.dropFirst() }
      if word.hasPrefix("-#") && word.count > 2 { return "-tag:" + word.dropFirst(2) }
      if word.lowercased() == "!unread" { return "tag:" + BookmarkJSON.unreadTag }
      return String(word)
    }.joined(separator: " ")
  }

  /// `GET /api/bookmarks/check/?url=`: the bookmark saved at that address (or null), and
  /// what the page says about itself, fetched as the add form fetches it.
  func checkBookmark(_ request: Request) async -> Response {
    let fields = FormFields(query: request.uri.query ?? "")
    guard let url = fields["url"], !url.isEmpty else {
      return APIAnswer.invalid([
        ("url", "This field is required: /api/bookmarks/check/?url=ADDRESS")
      ])
    }
    let saved = await library.lookUp(url: url).saved
    var page: PageMetadata?
    if let address = try? URLNormalizer.normalize(url),
      address.hasPrefix("http://") || address.hasPrefix("https://")
    {
      page = await pageLookup.metadata(for: address)
    }
    // Offline, what was fetched when it was saved.
    page = page ?? saved?.bookmark.metadata
    func text(_ value: String?) -> CanonicalWriter.Node {
      .value(value.map(JSONValue.string) ?? .null)
    }
    let metadata = CanonicalWriter.Node.object(
      known: [
        ("url", text(url)), ("title", text(page?.title)),
        ("description", text(page?.description)), ("preview_image", text(page?.image)),
      ], extra: [:])
    return APIAnswer.json(
      .object(
        known: [
          ("bookmark", saved.map { BookmarkJSON.node($0.bookmark) } ?? .value(.null)),
          ("metadata", metadata),
          // holder-git has no rules that tag a link by its address.
          ("auto_tags", .value(.array([]))),
        ], extra: [:]))
  }

  /// The fields of linkding's bookmark a request may set, each checked.
  struct BookmarkFields {
    var url: String?
    var title: String?
    var description: String?
    var notes: String?
    var tagNames: [String]?
    var unread: Bool?
    var archived: Bool?
    var problems: [(field: String, message: String)] = []

    init(_ body: APIBody) {
      url = body.string("url", into: &problems)
      title = body.string("title", into: &problems)
      description = body.string("description", into: &problems)
      notes = body.string("notes", into: &problems)
      tagNames = body.strings("tag_names", into: &problems)
      unread = body.bool("unread", into: &problems)
      archived = body.bool("is_archived", into: &problems)
      // Read only to be checked: holder-git shares nothing.
      _ = body.bool("shared", into: &problems)
    }

    /// Adds linkding's words for a missing or blank `url`.
    mutating func requireURL() {
      guard !problems.contains(where: { $0.field == "url" }) else { return }
      if url == nil {
        problems.append(("url", "This field is required."))
      } else if url?.trimmingSpaces().isEmpty == true {
        problems.append(("url", "This field may not be blank."))
      }
    }
  }

  /// `POST /api/bookmarks/`: saves a link, or updates the bookmark saved at it without losing
  /// anything it holds (tags and the note are added to, a title replaced only by a title).
  func createBookmark(_ request: Request) async -> Response {
    var request = request
    let body: APIBody
    switch await APIBody.read(&request) {
    case .success(let read): body = read
    case .failure(let refusal): return refusal.response
    }
    var fields = BookmarkFields(body)
    fields.requireURL()
    guard fields.problems.isEmpty, let url = fields.url else {
      return APIAnswer.invalid(fields.problems)
    }
    let tags = BookmarkJSON.tags(
      fields.tagNames ?? [], unread: fields.unread == true ? true : nil,
      archived: fields.archived == true ? true : nil)
    let add = AddRequest(
      url: url, title: fields.title.flatMap { $0.isEmpty ? nil : $0 }, tags: tags,
      note: fields.notes.flatMap { $0.isEmpty ? nil : $0 }, updateExisting: true)
    let query = FormFields(query: request.uri.query ?? "")
    let description = fields.description.flatMap { $0.isEmpty ? nil : $0 }
    var page: PageMetadata?
    if query["disable_scraping"] == nil, add.title == nil || description == nil,
      let address = await library.addressToFetch(for: add)
    {
      page = await pageLookup.metadata(for: address)
    }
    if let description {
      page = page ?? PageMetadata()
      page?.description = description
    }
    do {
      switch try await library.add(add, page: page, device: App.client(request)) {
      case .added(let located), .updated(let located), .unchanged(let located):
        return APIAnswer.json(BookmarkJSON.node(located.bookmark), status: .created)
      }
    } catch { return APIAnswer.failure(error) }
  }

  /// `PUT` and `PATCH /api/bookmarks/<id>/`: the fields given change, the rest stay.
  ///
  /// A PUT (which clients send with every field) never blanks a title, note or description; a
  /// PATCH may clear a note or description, never the title.
  func updateBookmark(_ request: Request, _ context: some RequestContext, partial: Bool) async
    -> Response
  {
    let located: LocatedBookmark
    switch await apiBookmark(context) {
    case .success(let found): located = found
    case .failure(let refusal): return refusal.response
    }
    var request = request
    let body: APIBody
    switch await APIBody.read(&request) {
    case .success(let read): body = read
    case .failure(let refusal): return refusal.response
    }
    var fields = BookmarkFields(body)
    if !partial { fields.requireURL() }
    guard fields.problems.isEmpty else { return APIAnswer.invalid(fields.problems) }
    let base = located.bookmark
    var edited = base
    if let url = fields.url, !url.isEmpty, url != base.url,
      (try? URLNormalizer.normalize(url)) != base.url
    {
      edited.url = url
    }
    if let title = fields.title, !title.isEmpty { edited.title = title }
    if let notes = fields.notes, partial || !notes.isEmpty { edited.note = notes }
    if let description = fields.description, partial || !description.isEmpty {
      var page = edited.metadata ?? PageMetadata()
      page.description = description.isEmpty ? nil : description
      edited.metadata = page.isEmpty ? nil : page
    }
    // The flags ride on tags: new tag names keep them unless they are set too.
    let names = fields.tagNames.map { $0 + base.tags.filter(BookmarkJSON.isFlag) } ?? base.tags
    edited.tags = BookmarkJSON.tags(names, unread: fields.unread, archived: fields.archived)
    do {
      _ = try await library.saveEdit(edited, openedOn: base, device: App.client(request))
    } catch { return APIAnswer.failure(error) }
    guard let saved = await library.bookmark(base.id) else { return APIAnswer.notFound }
    return APIAnswer.json(BookmarkJSON.node(saved.bookmark))
  }
}
