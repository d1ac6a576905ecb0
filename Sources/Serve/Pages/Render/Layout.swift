// The frame every page shares (head, search box with the recent searches, navigation, the
// flash line), and what each page gives it: the secret, the query, the filters.
import Localization

/// The parts of every page: the secret for its forms, the search box, recent searches.
struct PageFrame {
  /// A search the box offers again.
  struct Recent {
    var text: String
    var href: String
  }

  var secret: String
  var query = ""
  var recent: [Recent] = []
  var flash: String?
  /// Whether the page offers to log out (the app needs a login).
  var logout = false
  /// The tag the search box keeps searching within.
  var filterTag: String?
  /// Whether the search box keeps searching within the favourites.
  var filterFavorites = false
}

extension PageFrame {
  /// A page's start, up to `</head>`: the app's style, icons and manifest; the secret for its
  /// forms when it has any (`nil` for a page kept offline), the script when it runs one.
  static func head(title: HTML, secret: String?, script: Bool) -> HTML {
    """
    <!doctype html>
    <html lang="\(Reader.language.rawValue)">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    \(secret.map { HTML("<meta name=\"holder-secret\" content=\"\($0)\">") } ?? .empty)
    <title>\(title)</title>
    <meta name="theme-color" content="#2457c5">
    <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
    <link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">
    <link rel="icon" href="/static/icons/icon-32.png" type="image/png" sizes="32x32">
    <link rel="apple-touch-icon" href="/static/icons/icon-180.png">
    <link rel="stylesheet" href="/static/app.css">
    \(HTML.when(script, "<script src=\"/static/app.js\" defer></script>"))
    </head>
    """
  }

  /// The whole page: `main` inside the frame, `title` in the head, `page` the body's name.
  func layout(title: HTML, page: String, main: HTML) -> HTML {
    let searchHint = Reader.text(
      Message("Search: words, \"phrase\", -word, tag:x, site:x, ㅅㅇㅌ"))
    return """
      \(Self.head(title: title, secret: secret, script: true))
      <body data-page="\(page)">
      <a class="skip" href="#main">\(t("Skip to content"))</a>
      <header class="top">
        <a href="/" class="brand" data-test="home">holder-git</a>
        <form role="search" action="/" method="get" class="searchbox" id="search-form">
          <label for="q" class="visually-hidden">\(t("Search bookmarks"))</label>
          <input id="q" name="q" type="search" value="\(query)" autocomplete="off" data-test="search"
            placeholder="\(searchHint)" aria-describedby="recent">
          \(filterTag.map { tag in HTML("<input type=\"hidden\" name=\"tag\" value=\"\(tag)\" data-test=\"search-tag\">") } ?? .empty)
          \(HTML.when(filterFavorites, "<input type=\"hidden\" name=\"fav\" value=\"1\" data-test=\"search-favourites\">"))
          <ul id="recent" class="recent" data-test="recent" aria-label="\(t("Recent searches"))">\(HTML.each(recent) { "<li><a href=\"\($0.href)\" data-test=\"recent-search\">\($0.text)</a></li>" })</ul>
        </form>
        <nav class="links" aria-label="\(t("Main"))">
          <a href="/add" data-test="nav-add">\(t("Add"))</a>
          <a href="/tags" data-test="nav-tags">\(t("Tags"))</a>
          <a href="/sync" data-test="nav-sync">\(t("Sync"))</a>
          <a href="/import" data-test="nav-import">\(t("Import"))</a>
          \(HTML.when(logout, "<form method=\"post\" action=\"/logout\" class=\"logout\"><input type=\"hidden\" name=\"_secret\" value=\"\(secret)\"><button type=\"submit\" data-test=\"logout\">\(t("Log out"))</button></form>"))
        </nav>
      </header>
      <main id="main" tabindex="-1">
      \(flash.map { flash in HTML("<p class=\"flash\" role=\"status\" data-test=\"flash\">\(flash)</p>") } ?? .empty)
      \(main)
      </main>
      </body>
      </html>

      """
  }
}
