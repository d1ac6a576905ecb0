// `/` as markup: the tag tree, the bookmarklet and the list; and the list alone (the cards,
// the summary, the pager), which is also what the page's script fetches.
import HolderCore

/// One page of the list.
struct ListView {
  var generation: Int
  var heading: String
  var summary: String
  /// Why the search could not be read.
  var problem: String?
  var cards: [CardView] = []
  var next: String?
  var previous: String?
}

/// The browse page: the list, and the tag tree beside it.
struct BrowseView {
  /// A tag in the tree.
  struct TreeTag {
    var tag: String
    var name: String
    var depth: Int
    var total: Int
    var href: String
    var current: Bool
  }

  var list: ListView
  var count: Int
  var tagTree: [TreeTag]
  var isAll: Bool
  var isFavorites: Bool
  var bookmarklet: String
}

extension ListView {
  var html: HTML {
    func marked(_ parts: [TextPart]) -> HTML {
      HTML.each(parts) { $0.mark ? "<mark>\($0.text)</mark>" : "\($0.text)" }
    }
    let cards = HTML.each(cards) { card -> HTML in
      let thumb: HTML =
        card.thumb.map { "<img src=\"\($0)\" alt=\"\" loading=\"lazy\">" }
        ?? "<span class=\"placeholder hue-\(card.hue)\">\(card.initial)</span>"
      let star: HTML = HTML.when(
        card.favorite,
        "<span class=\"star\" title=\"\(t("Favourite"))\" data-test=\"star\">★<span class=\"visually-hidden\"> \(t("favourite"))</span></span>"
      )
      let tags: HTML = HTML.when(
        card.hasTags,
        "<ul class=\"card-tags\" aria-label=\"\(t("Tags"))\">\(HTML.each(card.tags) { "<li><a href=\"\($0.href)\">\($0.name)</a></li>" })</ul>"
      )
      return """
          <li class="card" data-test="card" data-id="\(card.id)">
            <a class="thumb" href="/b/\(card.id)" tabindex="-1" aria-hidden="true">\(thumb)</a>
            <div class="card-body">
              <a class="title" href="/b/\(card.id)" data-test="card-title">\(marked(card.titleParts))</a>
              \(star)
              <span class="host">\(marked(card.hostParts))</span>
              \(tags)
            </div>
          </li>

        """
    }
    let previous = self.previous.map { link -> HTML in
      "<a href=\"\(link)\" rel=\"prev\" data-test=\"previous\">← \(t("Newer"))</a>"
    }
    let next = self.next.map { link -> HTML in
      "<a href=\"\(link)\" rel=\"next\" data-test=\"next\">\(t("More")) →</a>"
    }
    let problem = self.problem.map { problem -> HTML in
      "<p class=\"error\" role=\"alert\" data-test=\"query-error\">\(problem)</p>"
    }
    return """
      <p class="summary" data-test="summary" data-generation="\(generation)">\(summary)</p>
      \(problem ?? .empty)
      <ul class="cards" data-test="cards">
      \(cards)</ul>
      <nav class="pager" aria-label="\(t("Pages"))">
        \(previous ?? .empty)
        \(next ?? .empty)
      </nav>

      """
  }
}

extension PageFrame {
  func browsePage(_ view: BrowseView) -> HTML {
    func current(_ yes: Bool) -> HTML { yes ? "aria-current=\"page\"" : .empty }
    let tree = HTML.each(view.tagTree) { tag -> HTML in
      """
            <li class="depth-\(tag.depth)"><a href="\(tag.href)" data-test="tag-link" data-tag="\(tag.tag)" \(current(tag.current))>\(tag.name)</a> <span class="count">\(tag.total)</span></li>

      """
    }
    let heading = view.list.heading
    let main: HTML = """
      <div class="browse">
        <aside class="side" aria-label="\(t("Tags"))">
          <ul class="tag-tree" data-test="tag-tree">
            <li><a href="/" \(current(view.isAll))>\(t("All")) <span class="count">\(view.count)</span></a></li>
            <li><a href="/?fav=1" data-test="favourites" \(current(view.isFavorites))>★ \(t("Favourites"))</a></li>
      \(tree)    </ul>
          <section class="bookmarklet" aria-labelledby="bookmarklet-heading">
            <h2 id="bookmarklet-heading">\(t("Save from any page"))</h2>
            <p>\(t("Drag this to your bookmarks bar; on any page, click it to save that page here."))</p>
            <p><a class="button" href="\(view.bookmarklet)" data-test="bookmarklet">\(t("Save to holder-git"))</a></p>
          </section>
        </aside>
        <section id="results" class="results" aria-live="polite" aria-label="\(heading)" data-list="">
          <h1 class="visually-hidden">\(heading)</h1>
      \(view.list.html.indented("    "))  </section>
      </div>

      """
    return layout(title: "\(heading) · holder-git", page: "browse", main: main)
  }
}

extension HTML {
  /// The markup with `prefix` before each of its lines: the list where the browse page holds
  /// it, indented as the page around it.
  func indented(_ prefix: String) -> HTML {
    var out = ""
    var lineStart = true
    for character in markup {
      if lineStart { out += prefix }
      out.append(character)
      lineStart = character == "\n"
    }
    return HTML(trusted: out)
  }
}
