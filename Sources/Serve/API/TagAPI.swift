// `/api/tags/`: the store's tags as linkding lists them (an id from the name, the name, when
// the first bookmark still tagged so was saved). The tags that are `unread` and `is_archived`
// flags are not listed. A tag lives on its bookmarks: creating one that no bookmark has yet
// answers the tag it will be once a bookmark is given it (`tag_names`), with the same id.
import HolderCore
import HolderKit
import Hummingbird

extension App {
  func addTagAPIRoutes(to router: Router<AppRequestContext>) {
    router.get("/api/tags") { request, _ in
      let page = APIPage(FormFields(query: request.uri.query ?? ""))
      let tags = await self.apiTags()
      let added = await self.library.firstSaved()
      let results = tags.dropFirst(page.offset).prefix(page.limit).map { tag in
        App.tagNode(tag, added: added[Bookmark.tagKey(tag)])
      }
      return APIAnswer.json(page.node(count: tags.count, results: results, request: request))
    }
    router.post("/api/tags") { request, _ in
      var request = request
      let body: APIBody
      switch await APIBody.read(&request) {
      case .success(let read): body = read
      case .failure(let refusal): return refusal.response
      }
      var problems: [(field: String, message: String)] = []
      let name = body.string("name", into: &problems)?.trimmingSpaces()
      guard problems.isEmpty else { return APIAnswer.invalid(problems) }
      guard let name, !name.isEmpty else {
        return APIAnswer.invalid([
          ("name", name == nil ? "This field is required." : "This field may not be blank.")
        ])
      }
      do throws(TagPathError) {
        try TagPath.validateForFolder(name)
      } catch {
        return APIAnswer.failure(StoreError.bookmark(.invalidTag(error)))
      }
      let existing = await self.apiTags().first { Bookmark.tagKey($0) == Bookmark.tagKey(name) }
      let tag = existing ?? name
      let added =
        await self.library.firstSaved()[Bookmark.tagKey(tag)] ?? StoreEnvironment.live.now()
      return APIAnswer.json(App.tagNode(tag, added: added), status: .created)
    }
    refuseOtherMethods(at: "/api/tags", than: [.get, .post], on: router)
    router.get("/api/tags/:id") { _, context in
      guard let number = context.parameters.get("id").flatMap({ Int($0) }) else {
        return APIAnswer.notFound
      }
      let named = await self.apiTags().filter { APIID.of(tag: $0) == number }
      guard let tag = named.first else { return APIAnswer.notFound }
      guard named.count == 1 else {
        return APIAnswer.detail(
          "The id \(number) stands for the tags \(named.joined(separator: ", ")); this API cannot tell them apart. Use the tag's name instead (tag_names, #tag in q).",
          status: .conflict)
      }
      return APIAnswer.json(
        App.tagNode(tag, added: await self.library.firstSaved()[Bookmark.tagKey(tag)]))
    }
    refuseOtherMethods(at: "/api/tags/:id", than: [.get], on: router)
  }

  /// The tags bookmarks carry, in the store's order, but the flags.
  func apiTags() async -> [String] {
    await library.tags().flat.map(\.tag).filter { !BookmarkJSON.isFlag($0) }
  }

  static func tagNode(_ tag: String, added: Timestamp?) -> CanonicalWriter.Node {
    .object(
      known: [
        ("id", .value(.number(String(APIID.of(tag: tag))))), ("name", .value(.string(tag))),
        ("date_added", .value(added.map { .string($0.rfc3339) } ?? .null)),
      ], extra: [:])
  }
}
