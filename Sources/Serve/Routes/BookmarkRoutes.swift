// `/b/ID`: one bookmark whole (fields, the page's metadata, its history as the CLI's log
// sentences, each earlier version restorable), and its favourite, delete and restore actions.
// A `javascript:` or `data:` URL is shown as text, never as a link.
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  func addBookmarkRoutes(to router: Router<AppRequestContext>) {
    router.get("/b/:id") { request, context in
      guard let id = App.id(context), let located = await self.library.bookmark(id) else {
        return await self.message(
          Message("Not found"),
          Reader.text(Message("No bookmark has this id; it may have been deleted.")),
          status: .notFound)
      }
      let query = FormFields(query: request.uri.query ?? "")
      return await self.bookmarkPage(located, flash: App.mergeFlash(query))
    }
    router.post("/b/:id/favorite") { request, context in
      guard let id = App.id(context) else { return await self.notFound() }
      var request = request
      let fields = try await FormFields.read(&request)
      do {
        try await self.library.setFavorite(id, fields["favorite"] == "1")
      } catch { return await self.failure(error) }
      return App.seeOther("/b/\(id)")
    }
    router.post("/b/:id/delete") { _, context in
      guard let id = App.id(context) else { return await self.notFound() }
      do {
        let removed = try await self.library.remove(id)
        let page = await self.base().deletedPage(id: id.rawValue, title: removed.bookmark.title)
        return self.pages.html(page)
      } catch { return await self.failure(error) }
    }
    router.post("/b/:id/restore") { request, context in
      guard let id = App.id(context) else { return await self.notFound() }
      var request = request
      let fields = try await FormFields.read(&request)
      let point = fields["revision"].map { RestorePoint.revision($0) } ?? .latest
      do {
        let restored = try await self.library.restore(id, at: point)
        return App.seeOther("/b/\(restored.bookmark.id)")
      } catch { return await self.failure(error) }
    }
  }

  func notFound() async -> Response {
    await message(
      Message("Not found"), Reader.text(Message("No bookmark has this id.")), status: .notFound)
  }

  /// The bookmark's page; `flash` says how the Save that led here merged.
  func bookmarkPage(_ located: LocatedBookmark, flash: String? = nil) async -> Response {
    let bookmark = located.bookmark
    let frame = await base(flash: flash)
    let readable = URLNormalizer.readable(bookmark.url)
    var metadata: BookmarkPageView.Metadata?
    if let page = bookmark.metadata, !page.isEmpty {
      metadata = BookmarkPageView.Metadata(
        title: page.title, description: page.description, image: page.image, icon: page.icon,
        fetched: page.fetched.map { Reader.time($0) })
    }
    let history = (try? await library.history(bookmark.id)) ?? []
    let entries = history.enumerated().map { position, entry in
      let change = entry.changes.first { $0.id == bookmark.id }?.readable
      let sentence = change?.sentence ?? entry.subject
      // A one-field change says its field in the sentence already.
      let fields = (change?.fields.map(\.summary) ?? []).filter { !sentence.contains($0) }
        .map(Reader.said)
      return BookmarkPageView.HistoryEntry(
        time: Reader.time(entry.time, offsetMinutes: entry.utcOffsetMinutes),
        device: entry.device ?? "", sentence: Reader.said(sentence), fields: fields,
        commit: entry.commit,
        // The newest version is the one shown; a deletion has no version to bring back.
        restorable: position > 0 && change?.kind != .deleted)
    }
    let view = BookmarkPageView(
      id: bookmark.id.rawValue, title: bookmark.title.isEmpty ? readable : bookmark.title,
      // The link goes where the stored form says; people read the readable one.
      url: bookmark.url, readableURL: readable, openable: App.isOpenable(bookmark.url),
      favorite: bookmark.favorite, tags: bookmark.tags.map(TagLinkView.init), note: bookmark.note,
      created: Reader.time(bookmark.created), changed: Reader.time(bookmark.lastModified),
      path: located.path,
      thumb: ThumbnailCache.sources(of: bookmark).isEmpty ? nil : "/thumb/\(bookmark.id)",
      generation: await library.generation, metadata: metadata, history: entries)
    return pages.html(frame.bookmarkPage(view))
  }

  /// Only these schemes become links; `javascript:`, `data:` and the rest are shown as text.
  static func isOpenable(_ url: String) -> Bool {
    let scheme = url.prefix { $0 != ":" }.lowercased()
    return ["http", "https", "ftp", "mailto"].contains(scheme)
  }
}

extension FormFields {
  /// The form of a POST (the guard may have read it already to find the secret).
  static func read(_ request: inout Request) async throws -> FormFields {
    let body = try await request.collectBody(upTo: maximumBytes)
    return FormFields(body: String(buffer: body))
  }
}
