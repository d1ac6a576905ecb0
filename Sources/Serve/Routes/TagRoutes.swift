// `/tags`: every tag with its count, in the store's order; rename (onto an existing tag:
// merge), delete (the bookmarks stay, without the tag), and reorder by dragging (the page's
// script posts `/tags/move`; the store keeps the order, as `holder-git tag move` does).
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  func addTagRoutes(to router: Router<AppRequestContext>) {
    router.get("/tags") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      return await self.tagsPage(flash: fields["done"])
    }
    router.post("/tags/rename") { request, _ in
      var request = request
      let fields = try await FormFields.read(&request)
      let tag = fields["tag"] ?? ""
      let newTag = (fields["to"] ?? "").trimmingSpaces()
      do {
        let outcome = try await self.library.renameTag(tag, to: newTag)
        let count = App.counted(outcome.changed.count)
        let done = Reader.text(Message("Renamed \(outcome.tag) to \(newTag) on \(count)"))
        return App.seeOther("/tags?done=" + QueryText.encode(done))
      } catch { return await self.failure(error) }
    }
    router.post("/tags/delete") { request, _ in
      var request = request
      let fields = try await FormFields.read(&request)
      do {
        let outcome = try await self.library.deleteTag(fields["tag"] ?? "")
        let count = App.counted(outcome.changed.count)
        let done = Reader.text(Message("Took \(outcome.tag) off \(count)"))
        return App.seeOther("/tags?done=" + QueryText.encode(done))
      } catch { return await self.failure(error) }
    }
    router.post("/tags/move") { request, _ in
      var request = request
      let fields = try await FormFields.read(&request)
      do {
        try await self.library.moveTag(fields["tag"] ?? "", before: fields["before"] ?? "")
        return App.seeOther("/tags")
      } catch { return await self.failure(error) }
    }
  }

  func tagsPage(flash: String?) async -> Response {
    let rows = await library.tags().tree.map { info in
      TagRowView(
        tag: info.tag, depth: min(info.depth, 6), total: info.total,
        href: "/?tag=" + QueryText.encode(info.tag))
    }
    return pages.html(await base(flash: flash).tagsPage(rows))
  }
}
