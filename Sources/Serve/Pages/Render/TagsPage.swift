// `/tags` as markup: every tag with its count, a rename field and a delete button, in the
// store's order (the page's script reorders by dragging).
import HolderCore

/// A tag as the tags page lists it.
struct TagRowView {
  var tag: String
  var depth: Int
  var total: Int
  var href: String
}

extension PageFrame {
  func tagsPage(_ tags: [TagRowView]) -> HTML {
    let rows = HTML.each(tags) { row -> HTML in
      let tag = row.tag
      return """
            <li class="depth-\(row.depth)" draggable="true" data-tag="\(tag)" data-test="tag-row">
              <a href="\(row.href)">\(tag)</a> <span class="count">\(row.total)</span>
              <form method="post" action="/tags/rename" class="inline">
                <input type="hidden" name="_secret" value="\(secret)">
                <input type="hidden" name="tag" value="\(tag)">
                <label class="visually-hidden" for="rename-\(tag)">\(t("New name for \(tag)"))</label>
                <input id="rename-\(tag)" name="to" type="text" value="\(tag)" required data-test="rename-input">
                <button type="submit" data-test="rename">\(t("Rename"))</button>
              </form>
              <form method="post" action="/tags/delete" class="inline">
                <input type="hidden" name="_secret" value="\(secret)">
                <input type="hidden" name="tag" value="\(tag)">
                <button type="submit" class="danger" data-test="delete-tag">\(t("Delete"))</button>
              </form>
            </li>

        """
    }
    let main: HTML = """
      <section class="tags-page">
        <h1>\(t("Tags"))</h1>
        <p class="hint">\(t("Drag a tag onto another to put it before that one. Renaming onto a tag that exists merges the two."))</p>
        <ul class="tag-rows" data-tag-order data-test="tag-rows">
      \(rows)  </ul>
      </section>

      """
    return layout(title: "\(t("Tags")) · holder-git", page: "tags", main: main)
  }
}
