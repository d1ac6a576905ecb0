// The add and edit form as markup: the fields, the "already saved" and near-duplicate notes,
// the known tags the tag field suggests.
import HolderCore

/// What the add or edit form shows.
struct FormView {
  /// The bookmark the address is saved as already.
  struct Saved {
    var id: String
    var title: String
    var created: String
  }

  /// A bookmark saved at a nearly identical address.
  struct Near {
    var id: String
    var title: String
    var url: String
    var differences: String
  }

  var heading: String
  var action: String
  var button: String
  var cancel: String
  var error: String?
  var url = ""
  var title = ""
  var tags = ""
  var note = ""
  var favorite = false
  /// The version the form was opened on (edits only).
  var version: String?
  var saved: Saved?
  var near: [Near] = []
  var knownTags: [String] = []
}

extension FormView {
  /// The fields as the form sent them.
  mutating func fill(_ fields: FormFields) {
    url = fields["url"] ?? ""
    title = fields["title"] ?? ""
    tags = fields["tags"] ?? ""
    note = fields["note"] ?? ""
    favorite = fields["favorite"] == "1"
  }
}

extension PageFrame {
  func formPage(_ view: FormView) -> HTML {
    let error = view.error.map { error -> HTML in
      "<p class=\"error\" role=\"alert\" data-test=\"form-error\">\(error)</p>"
    }
    let saved = view.saved.map { saved -> HTML in
      """
        <div class="already" role="status" data-test="already-saved">
          <p><strong>\(t("Already saved on \(saved.created):"))</strong> <a href="/b/\(saved.id)" data-test="already-saved-link">\(saved.title)</a></p>
          <p>\(t("Save again to update it: the tags and note below are added to it."))</p>
        </div>

      """
    }
    let near = HTML.when(
      !view.near.isEmpty,
      """
        <div class="near" role="note" data-test="near-duplicates">
          <p>\(t("Saved already at a nearly identical address:"))</p>
          <ul>\(HTML.each(view.near) { "<li><a href=\"/b/\($0.id)\">\($0.title)</a> <span class=\"host\">\($0.url)</span> (\($0.differences))</li>" })</ul>
        </div>

      """)
    let title: HTML = HTML.when(
      view.saved == nil,
      """
          <label for="title">\(t("Title"))</label>
          <input id="title" name="title" type="text" value="\(view.title)" data-test="field-title">

      """)
    let version = view.version.map { version -> HTML in
      "<input type=\"hidden\" name=\"version\" value=\"\(version)\">"
    }
    // The address field is `type=url` for a phone's keyboard, but the form is `novalidate`:
    // the store reads "swift.org" as a link, which the browser's own check would refuse, and
    // the edit form shows saved addresses that way.
    let main: HTML = """
      <section class="editor">
        <h1>\(view.heading)</h1>
        \(error ?? .empty)
      \(saved ?? .empty)\(near)  <form method="post" action="\(view.action)" class="fields" novalidate data-test="bookmark-form">
          <input type="hidden" name="_secret" value="\(secret)">
          \(HTML.when(view.saved != nil, "<input type=\"hidden\" name=\"update\" value=\"1\">"))
          \(version ?? .empty)
          <label for="url">\(t("Address"))</label>
          <input id="url" name="url" type="url" inputmode="url" autocapitalize="off" autocorrect="off" spellcheck="false" required value="\(view.url)" data-test="field-url">
      \(title)    <label for="tags">\(t("Tags")) <span class="hint">\(t("(separated by commas; a/b is b under a)"))</span></label>
          <input id="tags" name="tags" type="text" value="\(view.tags)" list="known-tags" autocomplete="off" autocapitalize="off" spellcheck="false" data-test="field-tags">
          <datalist id="known-tags">\(HTML.each(view.knownTags) { "<option value=\"\($0)\"></option>" })</datalist>
          <label for="note">\(t("Note"))</label>
          <textarea id="note" name="note" rows="4" data-test="field-note">\(view.note)</textarea>
          <label class="check"><input type="checkbox" name="favorite" value="1" \(HTML.when(view.favorite, "checked")) data-test="field-favorite"> \(t("Favourite"))</label>
          <div class="actions"><button type="submit" data-test="save">\(view.button)</button> <a href="\(view.cancel)">\(t("Cancel"))</a></div>
        </form>
      </section>

      """
    return layout(title: "\(view.heading) · holder-git", page: "form", main: main)
  }
}
