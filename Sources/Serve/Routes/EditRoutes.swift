// `/add` and `/b/ID/edit`: the form (tag autocomplete from the store's tags), the save, and the
// flows around it: "already saved" shows the saved bookmark and turns the save into an update;
// a near-duplicate (http/https, www., trailing /, #fragment) is pointed out. `/add?url=&title=`
// is what the bookmarklet opens: a GET only shows the form. A new link's page is fetched before it
// is saved, as `holder-git add` fetches it.
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  func addEditRoutes(to router: Router<AppRequestContext>) {
    router.get("/add") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      return await self.addForm(fields, error: nil, status: .ok)
    }
    router.post("/add") { request, _ in
      var request = request
      let fields = try await FormFields.read(&request)
      // The update form says only the tags and note are added: a title it carries (the
      // page's, as the bookmarklet sends it) never replaces the one saved.
      let updating = fields["update"] == "1"
      let add = AddRequest(
        url: fields["url"] ?? "", title: updating ? nil : fields["title"],
        tags: App.tags(fields["tags"]),
        note: (fields["note"] ?? "").isEmpty ? nil : fields["note"],
        favorite: fields["favorite"] == "1", updateExisting: updating)
      do {
        // Fetched before the save, as `holder-git add` does, so the bookmark has its page's
        // title, description and image at once.
        var page: PageMetadata?
        if let address = await self.library.addressToFetch(for: add) {
          page = await self.pageLookup.metadata(for: address)
        }
        let outcome = try await self.library.add(add, page: page)
        switch outcome {
        case .added(let located), .updated(let located), .unchanged(let located):
          return App.seeOther("/b/\(located.bookmark.id)")
        }
      } catch {
        if let error = error as? StoreError, case .bookmark(.alreadySaved) = error {
          return await self.addForm(fields, error: nil, status: .conflict)
        }
        return await self.addForm(
          fields, error: App.describe(error), status: .badRequest)
      }
    }
    router.get("/b/:id/edit") { _, context in
      guard let id = App.id(context), let located = await self.library.bookmark(id) else {
        return await self.notFound()
      }
      let bookmark = located.bookmark
      var view = FormView(
        heading: Reader.text(Message("Edit")), action: "/b/\(id)/edit",
        button: Reader.text(Message("Save")), cancel: "/b/\(id)")
      // Read and typed over as people write links; a Save normalises it back.
      view.url = URLNormalizer.readable(bookmark.url)
      view.title = bookmark.title
      view.tags = bookmark.tags.joined(separator: ", ")
      view.note = bookmark.note
      view.favorite = bookmark.favorite
      view.version = App.versionField(bookmark)
      return await self.form(view, status: .ok)
    }
    router.post("/b/:id/edit") { request, context in
      guard let id = App.id(context), let located = await self.library.bookmark(id) else {
        return await self.notFound()
      }
      var request = request
      let fields = try await FormFields.read(&request)
      // The version the form was opened on: what changed since is merged in, not undone. A
      // form without one (a page from before) is taken as opened on the bookmark as it is.
      let base = App.openedVersion(fields["version"], id: id) ?? located.bookmark
      var edited = base
      edited.title = fields["title"] ?? base.title
      edited.note = fields["note"] ?? base.note
      edited.tags = fields["tags"].map(App.tags) ?? base.tags
      edited.favorite = fields["favorite"] == "1"
      if let url = fields["url"], url != base.url, (try? URLNormalizer.normalize(url)) != base.url {
        edited.url = url
      }
      do {
        let saved = try await self.library.saveEdit(edited, openedOn: base)
        let query = App.mergeQuery(saved, edited: edited)
        return App.seeOther("/b/\(id)" + (query.isEmpty ? "" : "?" + query))
      } catch {
        var view = FormView(
          heading: Reader.text(Message("Edit")), action: "/b/\(id)/edit",
          button: Reader.text(Message("Save")), cancel: "/b/\(id)", error: App.describe(error))
        view.fill(fields)
        view.version = fields["version"] ?? ""
        return await self.form(view, status: .badRequest)
      }
    }
  }

  /// The add form for what `fields` hold, with the already-saved and near-duplicate notes.
  func addForm(_ fields: FormFields, error: String?, status: HTTPResponse.Status) async
    -> Response
  {
    var saved: FormView.Saved?
    var near: [FormView.Near] = []
    let url = fields["url"] ?? ""
    if !url.isEmpty {
      let found = await library.lookUp(url: url)
      saved = found.saved.map { saved in
        FormView.Saved(
          id: saved.bookmark.id.rawValue,
          title: saved.bookmark.title.isEmpty
            ? URLNormalizer.readable(saved.bookmark.url) : saved.bookmark.title,
          created: Reader.time(saved.bookmark.created))
      }
      near = found.near.map { match in
        FormView.Near(
          id: match.located.bookmark.id.rawValue, title: match.located.bookmark.title,
          url: URLNormalizer.readable(match.located.bookmark.url),
          // As the CLI says them: only "trailing /" is words.
          differences: match.differences.map {
            $0 == .trailingSlash ? Reader.text(Message("trailing /")) : $0.rawValue
          }.joined(separator: ", "))
      }
    }
    let updating = saved != nil
    var view = FormView(
      heading: Reader.text(
        updating ? Message("Update a saved bookmark") : Message("Add a bookmark")),
      action: "/add", button: Reader.text(updating ? Message("Update") : Message("Save")),
      cancel: "/", error: error)
    view.fill(fields)
    view.saved = saved
    view.near = near
    return await form(view, status: status)
  }

  func form(_ view: FormView, status: HTTPResponse.Status) async -> Response {
    var view = view
    view.knownTags = await library.tags().flat.map(\.tag)
    return pages.html(await base().formPage(view), status: status)
  }

  /// Tags as typed: separated by commas (a tag may hold spaces).
  static func tags(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
  }
}
