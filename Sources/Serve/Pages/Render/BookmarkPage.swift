// `/b/ID` as markup: the bookmark's fields, its page's metadata, its history with a restore
// button on each earlier version, and its favourite and delete buttons.
import HolderCore

/// What the bookmark page shows.
struct BookmarkPageView {
  /// The page's metadata as fetched.
  struct Metadata {
    var title: String?
    var description: String?
    var image: String?
    var icon: String?
    var fetched: String?
  }

  /// One version in the history.
  struct HistoryEntry {
    var time: String
    var device: String
    var sentence: String
    var fields: [String]
    var commit: String
    var restorable: Bool
  }

  var id: String
  var title: String
  /// Where the link goes (the stored form).
  var url: String
  var readableURL: String
  var openable: Bool
  var favorite: Bool
  var tags: [TagLinkView]
  var note: String
  var created: String
  var changed: String
  var path: String
  var thumb: String?
  var generation: Int
  var metadata: Metadata?
  var history: [HistoryEntry]
}

extension PageFrame {
  func bookmarkPage(_ view: BookmarkPageView) -> HTML {
    let id = view.id
    let star: HTML = """
       <span class="star" title="\(t("Favourite"))">★<span class="visually-hidden"> \(t("favourite"))</span></span>
      """
    let tags: HTML =
      view.tags.isEmpty
      ? t("none") : HTML.each(view.tags) { "<a href=\"\($0.href)\">\($0.name)</a> " }
    let note: HTML = view.note.isEmpty ? t("none") : "\(view.note)"
    let metadata = view.metadata.map { data -> HTML in
      func row(_ value: String?, _ html: (String) -> HTML) -> HTML {
        value.map(html) ?? .empty
      }
      return """
            \(row(data.title) { "<dt>\(t("Page title"))</dt><dd>\($0)</dd>" })
            \(row(data.description) { "<dt>\(t("Description"))</dt><dd>\($0)</dd>" })
            \(row(data.image) { "<dt>\(t("Image"))</dt><dd><code>\($0)</code></dd>" })
            \(row(data.icon) { "<dt>\(t("Icon"))</dt><dd><code>\($0)</code></dd>" })
            \(row(data.fetched) { "<dt>\(t("Fetched"))</dt><dd>\($0)</dd>" })

        """
    }
    let history = HTML.each(view.history) { entry -> HTML in
      let fields: HTML = HTML.when(
        !entry.fields.isEmpty,
        "<ul class=\"fields-changed\">\(HTML.each(entry.fields) { "<li>\($0)</li>" })</ul>")
      let restore: HTML = HTML.when(
        entry.restorable,
        """
                <form method="post" action="/b/\(id)/restore" class="inline">
                  <input type="hidden" name="_secret" value="\(secret)">
                  <input type="hidden" name="revision" value="\(entry.commit)">
                  <button type="submit" data-test="restore">\(t("Restore this version"))</button>
                </form>

        """)
      return """
              <li data-test="history-entry">
                <time>\(entry.time)</time> <span class="device">\(entry.device)</span>
                <span class="sentence">\(entry.sentence)</span>
                \(fields)
        \(restore)      </li>

        """
    }
    let thumb = view.thumb.map { thumb -> HTML in
      "<img class=\"bookmark-thumb\" src=\"\(thumb)\" alt=\"\" data-test=\"bookmark-thumb\">"
    }
    let link: HTML =
      view.openable
      ? "<a href=\"\(view.url)\" rel=\"noopener noreferrer\" target=\"_blank\" data-test=\"open-link\">\(view.readableURL)</a>"
      : .empty
    let unsafeLink: HTML =
      view.openable
      ? .empty
      : "<span data-test=\"unsafe-url\" title=\"\(t("Not opened: only http, https, ftp and mailto links are"))\">\(view.readableURL)</span>"
    let main: HTML = """
      <article class="bookmark" data-test="bookmark" data-id="\(id)" data-generation="\(view.generation)">
        \(thumb ?? .empty)
        <h1 data-test="bookmark-title">\(view.title)\(HTML.when(view.favorite, star))</h1>
        <p class="url">
          \(link)
          \(unsafeLink)
        </p>
        <dl class="fields">
          <dt>\(t("Tags"))</dt><dd data-test="bookmark-tags">\(tags)</dd>
          <dt>\(t("Note"))</dt><dd class="note" data-test="bookmark-note">\(note)</dd>
          <dt>\(t("Saved"))</dt><dd>\(view.created)</dd>
          <dt>\(t("Changed"))</dt><dd>\(view.changed)</dd>
          <dt>\(t("Id"))</dt><dd><code>\(id)</code></dd>
          <dt>\(t("File"))</dt><dd><code>\(view.path)</code></dd>
      \(metadata ?? .empty)  </dl>
        <div class="actions">
          <a class="button" href="/b/\(id)/edit" data-test="edit">\(t("Edit"))</a>
          <form method="post" action="/b/\(id)/favorite">
            <input type="hidden" name="_secret" value="\(secret)">
            <input type="hidden" name="favorite" value="\(HTML(trusted: view.favorite ? "0" : "1"))">
            <button type="submit" data-test="favorite">\(view.favorite ? t("Unfavourite") : t("Favourite"))</button>
          </form>
          <form method="post" action="/b/\(id)/delete">
            <input type="hidden" name="_secret" value="\(secret)">
            <button type="submit" class="danger" data-test="delete">\(t("Delete"))</button>
          </form>
        </div>
        <section class="history" aria-labelledby="history-heading">
          <h2 id="history-heading">\(t("History"))</h2>
          <ol data-test="history">
      \(history)    </ol>
        </section>
      </article>

      """
    return layout(title: "\(view.title) · holder-git", page: "bookmark", main: main)
  }
}
